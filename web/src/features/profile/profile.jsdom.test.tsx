import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '#contract/auth.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { formatAddressLines } from './address.ts';
import { maskIdNum } from './mask.ts';
import { ProfileDetails } from './ProfileDetails.tsx';
import { initialsOf } from './ProfileImage.tsx';

const identity: UserIdentity = {
  roles: ['PTIB'],
  authorizations: ['SEMS01'],
  header: 'PTIB e-Services',
  imageUrl: null,
  isPTIBBlocked: 'N',
  proxyInd: 'Y',
  PTIBName: 'Lim Mei Ling',
  idNum: 'S2345678H',
  mobileNum: '92345678',
  correspondenceAddressDetails: {
    blockHouseNo: '1',
    streetName: 'Raffles Place',
    floorUnit: '20-01',
    buildingName: 'One Raffles Place',
    postalCode: '048616',
    country: 'SG',
  },
  dashboardMessage: null,
  ptibProfileID: 'PTIB00000002',
  ownPtibProfileID: 'PTIB00000002',
  loginName: 'ptib.master',
};

const valueOf = (term: string) => {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
};

describe('ID number masking', () => {
  it('masks all but the last four characters', () => {
    expect(maskIdNum('S2345678H')).toBe('•••••678H');
    expect(maskIdNum('T09LL1234A')).toBe('••••••234A');
  });

  it('masks a value of four characters or fewer completely', () => {
    expect(maskIdNum('1234')).toBe('••••');
    expect(maskIdNum('')).toBe('');
  });

  it('shows the masked number until the toggle is pressed, then the whole number, then hides it again', async () => {
    const user = userEvent.setup();
    render(<ProfileDetails identity={identity} />);
    const value = valueOf('ID number');
    const toggle = within(value).getByRole('button', { name: 'Show ID number' });

    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(value).toHaveTextContent('•••••678H');
    expect(value).not.toHaveTextContent('S2345678H');
    expect(within(value).getByText('Hidden, ending in 678H')).toHaveClass('visually-hidden');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(value).toHaveTextContent('S2345678H');
    expect(value).not.toHaveTextContent('•');

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(value).not.toHaveTextContent('S2345678H');
  });
});

describe('address formatting', () => {
  it('reads block and street, #floor-unit and building, then Singapore and the postal code', () => {
    expect(formatAddressLines(identity.correspondenceAddressDetails)).toEqual([
      '1 Raffles Place',
      '#20-01 One Raffles Place',
      'Singapore 048616',
    ]);
  });

  it('does not double the hash of a floor-unit that has one, and leaves out empty parts', () => {
    expect(
      formatAddressLines({
        blockHouseNo: '10',
        streetName: 'Anson Road',
        floorUnit: '#12-01',
        buildingName: '',
        postalCode: '079903',
        country: 'SG',
      }),
    ).toEqual(['10 Anson Road', '#12-01', 'Singapore 079903']);
    expect(
      formatAddressLines({
        blockHouseNo: '',
        streetName: 'Jurong Island Highway',
        floorUnit: ' ',
        buildingName: '',
        postalCode: '627833',
        country: '',
      }),
    ).toEqual(['Jurong Island Highway', 'Singapore 627833']);
  });

  it('shows each address line on the profile', () => {
    render(<ProfileDetails identity={identity} />);
    const lines = within(valueOf('Correspondence address'))
      .getAllByText(/./, { selector: '.address-line' })
      .map((el) => el.textContent);
    expect(lines).toEqual(['1 Raffles Place', '#20-01 One Raffles Place', 'Singapore 048616']);
  });
});

describe('profile details', () => {
  it('states the blocked and master flags in words', () => {
    const { rerender } = render(<ProfileDetails identity={identity} />);
    expect(valueOf('Profile status')).toHaveTextContent('Not blocked');
    expect(valueOf('Master PTIB user')).toHaveTextContent('Yes, may act for other PTIB profiles');
    rerender(<ProfileDetails identity={{ ...identity, isPTIBBlocked: 'Y', proxyInd: 'N' }} />);
    expect(valueOf('Profile status')).toHaveTextContent(/^Blocked$/);
    expect(valueOf('Master PTIB user')).toHaveTextContent(/^No$/);
  });

  it('does not call the profile acted for a master: the flag is the signed-in user’s own', () => {
    // Acting for Chua & Partners LLP, the master's own proxyInd (Y) described that firm as a master user.
    render(
      <ProfileDetails
        identity={{ ...identity, PTIBName: 'Chua & Partners LLP', ptibProfileID: 'PTIB00000011', proxyInd: 'Y' }}
      />,
    );
    expect(screen.queryByText('Master PTIB user', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText(/may act for other PTIB profiles/)).not.toBeInTheDocument();
    expect(valueOf('Acting for this profile')).toHaveTextContent(PROFILE_MESSAGES.actingAsMaster);
  });

  it('falls back to an initials avatar without a photo, and sizes a photo to avoid layout shift', () => {
    const { rerender } = render(<ProfileDetails identity={identity} />);
    expect(screen.getByRole('img', { name: 'No photo: initials of Lim Mei Ling' })).toHaveTextContent('LL');
    rerender(<ProfileDetails identity={{ ...identity, imageUrl: '/img/p2.png' }} />);
    const photo = screen.getByRole('img', { name: 'Lim Mei Ling' });
    expect(photo).toHaveAttribute('width', '96');
    expect(photo).toHaveAttribute('height', '96');
  });

  it('replaces a photo that fails to load with the initials avatar', async () => {
    render(<ProfileDetails identity={{ ...identity, imageUrl: '/img/missing.png' }} />);
    const photo = screen.getByRole('img', { name: 'Lim Mei Ling' });
    photo.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('img', { name: 'No photo: initials of Lim Mei Ling' })).toBeInTheDocument();
  });

  it('makes initials from the first and last words that hold letters', () => {
    expect(initialsOf('Tan Ah Kow')).toBe('TK');
    expect(initialsOf('Chua & Partners LLP')).toBe('CL');
    expect(initialsOf('madonna')).toBe('M');
    expect(initialsOf('  ')).toBe('?');
  });
});
