import type { ReactNode } from 'react';
import { MESSAGES, SEARCH_SCOPES } from '../../../../contract/index.ts';

/** The portal's frame: warning banner, header with search, main content, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <>
      <a
        className="skip-link"
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to main content
      </a>
      <div className="warning-banner" role="note">
        {MESSAGES.warningBanner}
      </div>
      <header className="site-header">
        <a className="logo" href="#/home" aria-label="PTIB e-Services home">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>PTIB e-Services</span>
        </a>
        <nav aria-label="Help">
          <ul className="header-links">
            <li>
              <a href="#/faqs">FAQs</a>
            </li>
            <li>
              <a href="#/contact-us">Ask Us / Contact Us</a>
            </li>
            <li>
              <a href="#/useful-links">Useful Links</a>
            </li>
          </ul>
        </nav>
        <form className="site-search" role="search" method="get" action="/search">
          <label htmlFor="site-search-q">Search</label>
          <input id="site-search-q" name="q" type="search" required />
          <label htmlFor="site-search-scope" className="visually-hidden">
            Search scope
          </label>
          <select id="site-search-scope" name="resultswithin" defaultValue="minlaw">
            {SEARCH_SCOPES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <button type="submit">Search</button>
        </form>
      </header>
      <main id="main-content" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <nav aria-label="Footer">
          <ul>
            <li>
              <a href="#/report-vulnerability">Report Vulnerability</a>
            </li>
            <li>
              <a href="#/privacy-statement">Privacy Statement</a>
            </li>
            <li>
              <a href="#/terms-and-conditions">Terms &amp; Conditions</a>
            </li>
            <li>
              <a href="#/terms-of-use">Terms of Use</a>
            </li>
            <li>
              <a href="#/rate">Rate This E-Service</a>
            </li>
          </ul>
        </nav>
        <p>
          © {year} Government of Singapore. Version {__APP_VERSION__}
        </p>
      </footer>
    </>
  );
}
