import type { UserIdentity } from '#contract/schemas/auth.ts';

/** ptib.demo's identity as the profile call answers it (server/db/seed.ts), with what a test changes. */
export const demoIdentity = (over: Partial<UserIdentity> = {}): UserIdentity => ({
  roles: ['PTIB'],
  authorizations: ['SEMS01'],
  header: 'PTIB e-Services',
  imageUrl: null,
  isPTIBBlocked: 'N',
  proxyInd: 'N',
  PTIBName: 'Tan Ah Kow',
  idNum: 'S1234567D',
  mobileNum: '91234567',
  correspondenceAddressDetails: {
    blockHouseNo: '1',
    streetName: 'Raffles Place',
    floorUnit: '20-01',
    buildingName: '',
    postalCode: '048616',
    country: 'SG',
  },
  dashboardMessage: null,
  ptibProfileID: 'PTIB00000001',
  ownPtibProfileID: 'PTIB00000001',
  loginName: 'ptib.demo',
  ...over,
});
