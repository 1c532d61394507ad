-- Content pages of the portal (decisions.md §3): FAQs, contact, useful links, privacy, terms, vulnerability
-- reporting. The text is product data shipped with the portal, so an operator can change it without a
-- release; GET /api/content/:slug serves it and the site search indexes it. {phone} is filled in by the
-- server with CONTACT_PHONE.

CREATE TABLE content_pages (
  slug       text PRIMARY KEY CHECK (slug ~ '^[a-z0-9-]+$'),
  title      text NOT NULL,
  summary    text NOT NULL DEFAULT '',
  updated_on date NOT NULL DEFAULT CURRENT_DATE
);

CREATE TABLE content_items (
  page_slug text    NOT NULL REFERENCES content_pages (slug) ON DELETE CASCADE,
  anchor    text    NOT NULL CHECK (anchor ~ '^[a-z0-9-]+$'),
  position  integer NOT NULL,
  kind      text    NOT NULL CHECK (kind IN ('section', 'qa', 'link')),
  heading   text    NOT NULL,
  body      text    NOT NULL DEFAULT '',
  url       text    CHECK (url IS NULL OR url ~ '^https://'),
  -- Headings weigh more than body text; both weigh less than the e-service catalogue (see 031).
  search_document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', heading), 'C') || setweight(to_tsvector('english', body), 'D')
  ) STORED,
  PRIMARY KEY (page_slug, anchor)
);
CREATE INDEX content_items_page_position_idx ON content_items (page_slug, position);
CREATE INDEX content_items_search_idx ON content_items USING GIN (search_document);

INSERT INTO content_pages (slug, title, summary, updated_on) VALUES
  ('faqs', 'Frequently Asked Questions',
   'Answers to the questions PTIB users ask most often about signing in, e-services, payments and their records.',
   DATE '2026-11-02'),
  ('contact-us', 'Ask Us / Contact Us',
   'Reach the PTIB e-Services helpdesk by phone during office hours or send us an online enquiry at any time.',
   DATE '2026-11-02'),
  ('useful-links', 'Useful Links',
   'Other government websites that PTIB users often need. These links open outside this portal.',
   DATE '2026-10-15'),
  ('privacy-statement', 'Privacy Statement',
   'How PTIB e-Services collects, uses and protects the personal data you give us.',
   DATE '2026-09-30'),
  ('terms-and-conditions', 'Terms & Conditions',
   'The conditions that apply when you hold a PTIB account and use the e-services on this portal.',
   DATE '2026-09-30'),
  ('terms-of-use', 'Terms of Use',
   'The terms that apply to anyone who visits this website.',
   DATE '2026-09-30'),
  ('report-vulnerability', 'Report Vulnerability',
   'Found a security weakness in this portal? Tell us so that we can fix it. We welcome reports made in good faith.',
   DATE '2026-11-02');

INSERT INTO content_items (page_slug, anchor, position, kind, heading, body) VALUES
  ('faqs', 'what-is-ptib-eservices', 10, 'qa', 'What is PTIB e-Services?',
   $t$PTIB e-Services is the online portal for registered PTIB users. You can use it to update your profile, apply for refunds and travel permission, run insolvency and bankruptcy searches, make payments, file reports and keep watchlists, at any time of the day.$t$),
  ('faqs', 'who-can-use', 20, 'qa', 'Who can use PTIB e-Services?',
   $t$Anyone with a registered PTIB account may sign in. Firms and professional bodies may appoint a master user, who can act for the other PTIB profiles the firm has linked to the account.

Members of the public can read the information pages and search this website without signing in.$t$),
  ('faqs', 'how-to-log-in', 30, 'qa', 'How do I log in?',
   $t$Select Log in at the top of the home page and enter your login name and password. Some accounts must also enter a one-time password, which we send by SMS to the mobile number registered with us.

Tick "Remember me" only on a computer that nobody else uses.$t$),
  ('faqs', 'forgot-password', 40, 'qa', 'I forgot my password. What should I do?',
   $t$Call the helpdesk on our toll-free number {phone} during office hours. After we have confirmed who you are, we will reset your password and send you a temporary one. For your safety we never ask for your password by phone or email.$t$),
  ('faqs', 'one-time-password', 50, 'qa', 'I did not receive my one-time password. What can I do?',
   $t$Check that your phone has signal and wait a minute: SMS messages are sometimes delayed. You can ask for a new one-time password after the first one expires. If your mobile number has changed, call the helpdesk so that we can update it before you sign in.$t$),
  ('faqs', 'logged-out', 60, 'qa', 'Why was I logged out?',
   $t$To protect your records, we log you out after 15 minutes without activity, after 12 hours in any case, and when the same login signs in on another device. A warning appears two minutes before an inactivity logout, so you can choose to stay signed in.

Save your work often when you fill in a long application.$t$),
  ('faqs', 'access-denied', 70, 'qa', 'What does "Access denied" with an error code mean?',
   $t$It means your account may not open the page you asked for. Error code PTACC-948 means your profile is blocked; PTACC-951 means your account does not have the authorisation the page needs. Note the error code and contact the helpdesk if you think you should have access.$t$),
  ('faqs', 'act-for-another-profile', 80, 'qa', 'How do I act for another PTIB profile?',
   $t$If you are a master user, choose the profile you want to act for from the profile selector after you sign in. Everything you then do is recorded under that profile as well as your own. Choose "Myself" to go back to your own profile.$t$),
  ('faqs', 'payment-methods', 90, 'qa', 'Which payment methods are accepted?',
   $t$Fees and deposits can be paid by GIRO, or online by debit or credit card where the e-service offers it. Keep the receipt that the portal shows at the end of each payment; it is also available later under your records.$t$),
  ('faqs', 'application-status', 100, 'qa', 'How do I check the status of my application?',
   $t$Sign in and open your dashboard. Each application shows its case number and current status, such as draft, submitted, in review or approved. We also notify you by SMS or email when a decision is made.$t$),
  ('faqs', 'supported-browsers', 110, 'qa', 'Which browsers are supported?',
   $t$Use the latest version of Microsoft Edge, Google Chrome, Mozilla Firefox or Apple Safari. Keep JavaScript and cookies switched on for this portal. The portal also works on phones and tablets, and with screen readers and zoom.$t$),

  ('contact-us', 'call-us', 10, 'section', 'Call us',
   $t$Our helpdesk answers on the toll-free number {phone}, Monday to Friday from 8.30 am to 5.30 pm. It is closed on weekends and public holidays.

Airtime charges may apply for calls made from mobile phones.$t$),
  ('contact-us', 'online-enquiry', 20, 'section', 'Online enquiry',
   $t$You can send us an enquiry at any time by email to enquiries@ptib-eservices.gov.sg. Tell us your name, your PTIB profile ID or case number if you have one, and what you need help with. Do not send your password. We reply within three working days.$t$),
  ('contact-us', 'visit-us', 30, 'section', 'Visit us',
   $t$PTIB Service Centre, 45 Maxwell Road, #05-11 The URA Centre, Singapore 069118.

The service centre is open Monday to Friday from 8.30 am to 5.30 pm. Please book an appointment through the helpdesk before you visit.$t$),
  ('contact-us', 'feedback', 40, 'section', 'Compliments and feedback',
   $t$Tell us how we can serve you better: use Rate This E-Service at the foot of every page, or write to feedback@ptib-eservices.gov.sg.$t$),

  ('privacy-statement', 'government-website', 10, 'section', 'This is a Government website',
   $t$Thank you for visiting PTIB e-Services. This statement explains how we handle the personal data you give us when you use this portal. By using the portal you accept the practices described here.$t$),
  ('privacy-statement', 'what-we-collect', 20, 'section', 'What we collect',
   $t$When you only browse this website, we do not collect data that identifies you. Our servers record the address of your device, the pages you visit and the time of your visit, so that we can keep the portal secure and improve it.

When you sign in and use an e-service, we collect the particulars you enter, such as your name, identification number, contact details, addresses and the details of your application or payment.$t$),
  ('privacy-statement', 'how-we-use', 30, 'section', 'How we use your personal data',
   $t$We use your personal data to verify who you are, to process your applications, payments and searches, to contact you about them, and to keep an audit trail of what was done on your account and by whom.

We may share your data with other public agencies when they need it to serve you or to carry out their duties, as the law allows. We never sell your personal data.$t$),
  ('privacy-statement', 'cookies', 40, 'section', 'Cookies and browser storage',
   $t$The portal keeps a session token in your browser while you are signed in, and a small cookie that protects your requests against forgery. It also remembers your choice of colour theme. We do not use cookies to track you across other websites.$t$),
  ('privacy-statement', 'security', 50, 'section', 'How we protect your data',
   $t$Your data travels over encrypted connections and is stored on Government systems that follow the Government's security standards. Access is limited to officers who need it for their work, and every access is logged.$t$),
  ('privacy-statement', 'retention', 60, 'section', 'How long we keep your data',
   $t$We keep your personal data only as long as the law requires or as needed for the purpose for which it was collected. Ratings and comments you send through Rate This E-Service are kept without your name.$t$),
  ('privacy-statement', 'contact-privacy', 70, 'section', 'Questions about your data',
   $t$To ask about, or to correct, the personal data we hold about you, contact the helpdesk on {phone} or write to privacy@ptib-eservices.gov.sg.$t$),

  ('terms-and-conditions', 'acceptance', 10, 'section', 'Acceptance of these conditions',
   $t$These conditions apply when you sign in to PTIB e-Services and use any of its e-services. By signing in you agree to them. We may change them from time to time; the version on this page applies.$t$),
  ('terms-and-conditions', 'your-account', 20, 'section', 'Your account',
   $t$Your login name and password are for your use only. Do not share them, and tell the helpdesk at once if you think someone else knows them. You are responsible for everything done on your account, including by a master user you have authorised.$t$),
  ('terms-and-conditions', 'accurate-information', 30, 'section', 'Accurate information',
   $t$The information you submit must be true, complete and up to date. Giving false or misleading information may be an offence and may lead to your application being rejected and your account being suspended.$t$),
  ('terms-and-conditions', 'fees-and-payments', 40, 'section', 'Fees and payments',
   $t$Fees are shown before you submit an application or make a payment. A payment is complete only when the portal shows its receipt. Refunds are made only as the applicable rules allow, through the Refund of Deposits e-service.$t$),
  ('terms-and-conditions', 'availability', 50, 'section', 'Availability of e-services',
   $t$We aim to keep the e-services available at all times, but they may be unavailable during scheduled maintenance, which we announce on the portal in advance, or because of events beyond our control.$t$),
  ('terms-and-conditions', 'suspension', 60, 'section', 'Suspension of access',
   $t$We may block a profile or suspend an account that is misused, that breaches these conditions, or to protect the records of other users. Unauthorised access to this system is an offence under the Computer Misuse Act.$t$),

  ('terms-of-use', 'general', 10, 'section', 'General',
   $t$This website is run by the Government of Singapore. By visiting it you agree to these terms. If you do not agree, please do not use the website.$t$),
  ('terms-of-use', 'copyright', 20, 'section', 'Copyright',
   $t$The material on this website is protected by copyright. You may view, download and print it for your own non-commercial use, provided you keep every copyright notice. Any other use needs our written permission.$t$),
  ('terms-of-use', 'no-warranty', 30, 'section', 'No warranty',
   $t$We take care that the information on this website is accurate, but we provide it as it is, without any warranty. It is not legal advice: consult a lawyer about your own circumstances.$t$),
  ('terms-of-use', 'links', 40, 'section', 'Links to other websites',
   $t$Links to other websites are given for your convenience. We are not responsible for the content or the privacy practices of those websites, and a link does not mean that we endorse them.$t$),
  ('terms-of-use', 'governing-law', 50, 'section', 'Governing law',
   $t$These terms are governed by the laws of Singapore, and the courts of Singapore have exclusive jurisdiction over any dispute about them.$t$),

  ('report-vulnerability', 'what-to-report', 10, 'section', 'What to report',
   $t$Tell us about any weakness that could let someone see or change data they should not, act as another user, get around a limit, or make the portal unavailable. Examples are cross-site scripting, broken access control, injection and weak session handling.$t$),
  ('report-vulnerability', 'how-to-report', 20, 'section', 'How to report',
   $t$Email security@ptib-eservices.gov.sg with the address of the affected page, the steps to reproduce the problem, what you expected and what happened, and screenshots if you have them. Our security contact details are also published at /.well-known/security.txt.$t$),
  ('report-vulnerability', 'please-do-not', 30, 'section', 'Please do not',
   $t$Do not access, change or delete data that is not yours; do not run tests that could degrade the service, such as denial of service or automated scanning at high volume; do not use social engineering or physical attacks; and do not share the weakness with anyone until we have fixed it.$t$),
  ('report-vulnerability', 'what-happens-next', 40, 'section', 'What happens next',
   $t$We acknowledge your report within three working days and keep you informed while we investigate and fix it. We do not take action against anyone who reports a weakness to us in good faith and follows these guidelines.$t$);

INSERT INTO content_items (page_slug, anchor, position, kind, heading, body, url) VALUES
  ('useful-links', 'ministry-of-law', 10, 'link', 'Ministry of Law',
   'Laws, policies and services of the Ministry of Law, including insolvency and public trustee matters.',
   'https://www.mlaw.gov.sg/'),
  ('useful-links', 'insolvency-office', 20, 'link', 'Insolvency Office',
   'Information on bankruptcy, debt repayment schemes and the administration of estates.',
   'https://io.mlaw.gov.sg/'),
  ('useful-links', 'singapore-courts', 30, 'link', 'Singapore Courts',
   'Court services, hearings, filing and court forms.',
   'https://www.judiciary.gov.sg/'),
  ('useful-links', 'singapore-statutes', 40, 'link', 'Singapore Statutes Online',
   'The official text of Singapore''s Acts and subsidiary legislation, including the Insolvency, Restructuring and Dissolution Act.',
   'https://sso.agc.gov.sg/'),
  ('useful-links', 'singpass', 50, 'link', 'Singpass',
   'Singapore''s national digital identity for signing in to Government services.',
   'https://www.singpass.gov.sg/'),
  ('useful-links', 'gov-sg', 60, 'link', 'Gov.sg',
   'The Government of Singapore''s official website, with news and a directory of all Government agencies.',
   'https://www.gov.sg/');
