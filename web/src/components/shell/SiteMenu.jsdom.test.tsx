import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX } from '#contract/index.ts';
import { MenuGroup } from './MenuGroup.tsx';
import { MenuLink, SITE_MENU_ID, SiteMenu } from './SiteMenu.tsx';
import { setWindowWidth } from './testkit.tsx';

const toggle = () => screen.getByRole('button', { name: 'Menu' });
// A collapsed menu is hidden, so it has no accessible name to find it by.
const menu = () => document.getElementById(SITE_MENU_ID)!;

afterEach(() => setWindowWidth(1024, false));

describe('menu toggle', () => {
  it('flips open and closed on click, with aria-expanded and aria-controls true to the state', () => {
    setWindowWidth(1280, false);
    render(<SiteMenu />);
    expect(toggle()).toHaveAttribute('aria-controls', SITE_MENU_ID);
    // Closed until asked for, at every width (docs/decisions/0033).
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBe(menu());
    expect(menu()).toBeVisible();
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
  });

  it(`starts collapsed on a window under ${MOBILE_BREAKPOINT_PX} px`, () => {
    setWindowWidth(MOBILE_BREAKPOINT_PX - 1, false);
    render(<SiteMenu />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
    fireEvent.click(toggle());
    expect(menu()).toBeVisible();
  });

  it('is forced collapsed when the window is resized under the breakpoint', () => {
    setWindowWidth(1280, false);
    render(<SiteMenu />);
    fireEvent.click(toggle());
    act(() => setWindowWidth(MOBILE_BREAKPOINT_PX));
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    act(() => setWindowWidth(MOBILE_BREAKPOINT_PX - 1));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
    // Opened again on the narrow window, then narrowed further: collapsed again.
    fireEvent.click(toggle());
    act(() => setWindowWidth(400));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape, from inside the menu or on the toggle, with focus back on the toggle', () => {
    setWindowWidth(1280, false);
    render(
      <SiteMenu>
        <MenuLink href="#/dashboard">Dashboard</MenuLink>
      </SiteMenu>,
    );
    fireEvent.click(toggle());
    const link = screen.getByRole('link', { name: 'Dashboard' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
    fireEvent.click(toggle());
    fireEvent.keyDown(toggle(), { key: 'Escape' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when one of its links is followed, at any width', () => {
    setWindowWidth(1280, false);
    render(<SiteMenu />);
    fireEvent.click(toggle());
    act(() => window.dispatchEvent(new HashChangeEvent('hashchange')));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open on a narrow window when only the height changes (a phone address bar)', () => {
    setWindowWidth(400, false);
    render(<SiteMenu />);
    fireEvent.click(toggle());
    act(() => window.dispatchEvent(new Event('resize')));
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('is not collapsed by widening the window', () => {
    setWindowWidth(1280, false);
    render(<SiteMenu />);
    fireEvent.click(toggle());
    act(() => setWindowWidth(1600));
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('holds the menu groups it is given', () => {
    setWindowWidth(1280, false);
    render(
      <SiteMenu>
        <MenuGroup label="Payments">
          <MenuLink href="#/generic?app=PCD">Payment of Court Deposits</MenuLink>
        </MenuGroup>
      </SiteMenu>,
    );
    fireEvent.click(toggle());
    expect(screen.getByText('Payments')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payment of Court Deposits' })).toHaveAttribute(
      'href',
      '#/generic?app=PCD',
    );
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
  });
});
