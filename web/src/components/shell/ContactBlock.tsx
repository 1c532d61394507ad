import { DEFAULT_CONTACT_PHONE, SHELL_MESSAGES, SHELL_TEXT } from '#contract/index.ts';
import { SiteLink } from './SiteLink.tsx';
import { useSiteConfig } from './siteConfig.ts';

/** The contact block (spec §2): toll-free number for office hours, online enquiry, airtime note. */
export function ContactBlock() {
  const phone = useSiteConfig()?.contactPhone ?? DEFAULT_CONTACT_PHONE;
  return (
    <section className="contact-block" aria-labelledby="contact-block-heading">
      <h2 id="contact-block-heading">Need help?</h2>
      <p>
        {SHELL_TEXT.contactCall}{' '}
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="contact-phone">
          {phone}
        </a>
        <br />
        {SHELL_TEXT.officeHours}
      </p>
      <p>
        <SiteLink name="contactUs">{SHELL_TEXT.contactEnquiry}</SiteLink>
      </p>
      <p className="contact-note">{SHELL_MESSAGES.contactAirtime}</p>
    </section>
  );
}
