import { AUTHORIZATION_SEMS01, HOME_TEXT, ROUTES } from '#contract/index.ts';
import { OFFICER_HOME } from '../../app/guards.ts';
import { identity as identityStore } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { useOfficerAccount } from '../../lib/session/useOfficerAccount.ts';

/**
 * Home for a signed-in user (HomePage.tsx): welcomed by name, with the way back to their work. An officer's
 * account has no PTIB identity (the server refuses it, docs/decisions/0049): its way is to the back office,
 * not to a dashboard and e-services that end in access denied.
 */
export default function SignedInHome() {
  const identity = useIdentity(identityStore);
  const officer = useOfficerAccount();
  // Acting for another profile, the name would be theirs, not the user's: the header says whom they act for.
  const ownName = identity && identity.ptibProfileID === identity.ownPtibProfileID ? identity.PTIBName : null;
  // Without SEMS01 the dashboard and the e-services are access denied (spec §6): no links that lead there.
  const keptOut = identity !== null && !identity.authorizations.includes(AUTHORIZATION_SEMS01);
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {ownName ? HOME_TEXT.signedInHeading(ownName) : HOME_TEXT.signedInHeadingNoName}
      </h1>
      {officer ? (
        <>
          <p>{HOME_TEXT.backOfficeLead}</p>
          <p>
            <a className="button" href={`#${OFFICER_HOME}`}>
              {HOME_TEXT.backOfficeLink}
            </a>
          </p>
        </>
      ) : keptOut ? (
        <p>{HOME_TEXT.noEservices}</p>
      ) : (
        identity && (
          <>
            <p>{HOME_TEXT.signedInLead}</p>
            <ul className="home-links">
              <li>
                <a className="button" href={`#${ROUTES.dashboard}`}>
                  {HOME_TEXT.dashboardLink}
                </a>
              </li>
              <li>
                <a href={`#${ROUTES.esvc}`}>{HOME_TEXT.eservicesLink}</a>
              </li>
            </ul>
          </>
        )
      )}
    </section>
  );
}
