import './profile.css';
import { PROFILE_MESSAGES } from '#contract/auth.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { formatAddressLines } from './address.ts';
import { IdNumber } from './IdNumber.tsx';
import { ProfileImage } from './ProfileImage.tsx';

const blockedInWords = (flag: UserIdentity['isPTIBBlocked']) => (flag === 'Y' ? 'Blocked' : 'Not blocked');
const masterInWords = (flag: UserIdentity['proxyInd']) =>
  flag === 'Y' ? 'Yes, may act for other PTIB profiles' : 'No';

/** The identity of the acting profile as a definition list (spec §3 fields). */
export function ProfileDetails({ identity }: { identity: UserIdentity }) {
  const address = formatAddressLines(identity.correspondenceAddressDetails);
  return (
    <div className="profile">
      <ProfileImage name={identity.PTIBName} imageUrl={identity.imageUrl} />
      <section aria-labelledby="profile-particulars">
        <h2 id="profile-particulars">Particulars</h2>
        <dl className="data-list">
          <div>
            <dt>Name</dt>
            <dd data-testid="profile-name">{identity.PTIBName}</dd>
          </div>
          <div>
            <dt>PTIB profile ID</dt>
            <dd>{identity.ptibProfileID}</dd>
          </div>
          <div>
            <dt>ID number</dt>
            <dd>
              <IdNumber value={identity.idNum} />
            </dd>
          </div>
          <div>
            <dt>Mobile number</dt>
            <dd>{identity.mobileNum || 'Not given'}</dd>
          </div>
          <div>
            <dt>Correspondence address</dt>
            <dd data-testid="profile-address">
              {address.length === 0
                ? 'Not given'
                : address.map((line, i) => (
                    <span key={i} className="address-line">
                      {line}
                    </span>
                  ))}
            </dd>
          </div>
          <div>
            <dt>Profile status</dt>
            <dd>{blockedInWords(identity.isPTIBBlocked)}</dd>
          </div>
          {/* proxyInd is the signed-in user's own (server/auth/profiles.ts): in proxy mode it says nothing
              about the profile shown, so the row says whom the user acts as instead. */}
          {identity.ptibProfileID === identity.ownPtibProfileID ? (
            <div>
              <dt>Master PTIB user</dt>
              <dd>{masterInWords(identity.proxyInd)}</dd>
            </div>
          ) : (
            <div>
              <dt>Acting for this profile</dt>
              <dd>{PROFILE_MESSAGES.actingAsMaster}</dd>
            </div>
          )}
        </dl>
      </section>
    </div>
  );
}
