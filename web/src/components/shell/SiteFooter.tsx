import { FOOTER_DATE_FORMAT, FOOTER_LINK_KEYS } from '../../../../contract/index.ts';
import { ThemeSwitch } from '../theme/ThemeSwitch.tsx';
import { ContactBlock } from './ContactBlock.tsx';
import { formatDate, parseIsoDate } from './formatDate.ts';
import { SiteLink } from './SiteLink.tsx';

/**
 * The footer (spec §2): contact block, the five links, the theme choice (here, out of the header's way:
 * docs/decisions/0033), and a copyright line with the current year, the date of this build ('Last
 * updated', d MMM yyyy) and the version label (package version + commit).
 */
export function SiteFooter({ now = new Date() }: { now?: Date }) {
  const built = parseIsoDate(__BUILD_DATE__);
  return (
    <footer className="site-footer">
      <ContactBlock />
      <nav aria-label="Footer">
        <ul className="footer-links">
          {FOOTER_LINK_KEYS.map((key) => (
            <li key={key}>
              <SiteLink name={key} />
            </li>
          ))}
        </ul>
      </nav>
      <ThemeSwitch />
      <p className="copyright">
        © {now.getFullYear()} Government of Singapore.{' '}
        {built && (
          <>
            Last updated on <time dateTime={__BUILD_DATE__}>{formatDate(built, FOOTER_DATE_FORMAT)}</time>.{' '}
          </>
        )}
        <span className="version">Version {__APP_VERSION__}</span>
      </p>
    </footer>
  );
}
