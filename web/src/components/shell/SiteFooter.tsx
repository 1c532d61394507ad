import { FOOTER_LINK_KEYS } from '#contract/index.ts';
import { ThemeSwitch } from '../theme/ThemeSwitch.tsx';
import { ContactBlock } from './ContactBlock.tsx';
import { SiteLink } from './SiteLink.tsx';

/**
 * The footer (spec §2): contact block, the five links, the theme choice (here, out of the header's way:
 * docs/decisions/0033), and a copyright line with the current year, the date of this build ('Last
 * updated', d MMM yyyy, formatted by the build: vite.config.ts) and the version label (package
 * version + commit).
 */
export function SiteFooter({ now = new Date() }: { now?: Date }) {
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
        {__BUILD_DATE_TEXT__ && (
          <>
            Last updated on <time dateTime={__BUILD_DATE__}>{__BUILD_DATE_TEXT__}</time>.{' '}
          </>
        )}
        <span className="version">Version {__APP_VERSION__}</span>
      </p>
    </footer>
  );
}
