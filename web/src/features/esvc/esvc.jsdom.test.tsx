import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGES } from '#contract/index.ts';
import type { CatalogueResponse } from '#contract/schemas/eservices.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import EsvcScreen from './EsvcScreen.tsx';

const catalogue: CatalogueResponse = {
  groups: [
    {
      name: 'Payments',
      menu: 'Payments',
      eservices: [
        {
          code: 'PD',
          title: 'Payment by Debtor',
          description: 'Make a payment towards your debts.',
          group: 'Payments',
          menu: 'Payments',
          href: '/generic?app=PD',
        },
        {
          code: 'PCD',
          title: 'Payment of Court Deposits',
          description: 'Pay deposits for court proceedings.',
          group: 'Payments',
          menu: 'Payments',
          href: '/court-deposits',
        },
      ],
    },
    {
      name: 'Travel',
      menu: 'Applications',
      eservices: [
        {
          code: 'PAR',
          title: 'Permission to Travel Abroad',
          description: 'Apply to travel overseas.',
          group: 'Travel',
          menu: 'Applications',
          href: '/generic?app=PAR',
        },
      ],
    },
  ],
};

let answer: { status: number; body: unknown };
beforeEach(() => {
  answer = { status: 200, body: envelope(catalogue) };
  fakeApi({ [API_PATHS.eservices]: () => answer });
});

describe('the e-services screen', () => {
  it('lists the e-services by group, each linking to its view', async () => {
    render(<EsvcScreen />);
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByRole('link', { name: 'Payment by Debtor' })).toHaveAttribute(
      'href',
      '#/generic?app=PD',
    );
    expect(within(payments).getByRole('link', { name: 'Payment of Court Deposits' })).toHaveAttribute(
      'href',
      '#/court-deposits',
    );
    expect(screen.getByRole('region', { name: 'Travel' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 e-services');
  });

  it('filters as the user types, over titles and descriptions', async () => {
    const user = userEvent.setup();
    render(<EsvcScreen />);
    const search = await screen.findByRole('searchbox', { name: 'Search e-services' });
    await user.type(search, 'overseas');
    expect(screen.getByRole('link', { name: 'Permission to Travel Abroad' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 e-service match “overseas”');
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('0 e-services');
  });

  it('says when the catalogue cannot be had', async () => {
    answer = { status: 500, body: envelope(null, '500', 'x') };
    render(<EsvcScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWrong);
  });
});
