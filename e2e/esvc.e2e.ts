import type { Page } from '@playwright/test';
import { fillLogin } from './auth-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';

// Sign-in hashes a password (argon2) and the machine is shared: allow for a slow answer.
const expect = baseExpect.configure({ timeout: 15_000 });

async function signIn(page: Page, loginName: string) {
  await page.goto('/#/login');
  await fillLogin(page, loginName);
  await expect(page).toHaveURL(/#\/dashboard$/);
}

test('the e-services list, grouped, with search as you type, opens an e-service', async ({ page, axe }) => {
  await signIn(page, 'ptib.master');
  await page.goto('/#/esvc');
  await expect(page.getByRole('heading', { level: 1, name: 'E-services' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Travel' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'e-services' })).toHaveText('17 e-services');
  expect((await axe().analyze()).violations).toEqual([]);

  await page.getByRole('searchbox', { name: 'Search e-services' }).pressSequentially('overseas');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(/^2 e-services match “overseas”$/);
  await expect(page.getByRole('region', { name: 'Payments' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Permission to Travel Abroad' }).click();
  await expect(page).toHaveURL(/#\/generic\?app=PAR$/);
  // The form's first question page, under the e-service's name.
  await expect(page.getByRole('heading', { level: 1, name: 'Your trip' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Permission to Travel Abroad', { exact: true })).toBeVisible();
});

test('the header menus come from the catalogue groups', async ({ page }) => {
  await signIn(page, 'ptib.master');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByText('Payments', { exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Refund of Deposits' }).click();
  await expect(page).toHaveURL(/#\/generic\?app=PRD$/);
});

test('the e-services need a signed-in user', async ({ page }) => {
  await page.goto('/#/esvc');
  await expect(page).toHaveURL(/#\/home/);
});
