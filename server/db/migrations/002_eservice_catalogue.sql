-- The seventeen e-services of decisions.md §6. Titles, descriptions and groups are product data an
-- operator may change; forms are filled in by a later migration.
INSERT INTO eservices (code, title, description, group_name, menu, case_type, sort_order) VALUES
  ('PTIB',  'PTIB Profile Update',            'Update the particulars of your PTIB profile, such as your correspondence address and contact number.', 'Profile', 'My Account', 'PT', 10),
  ('PIS',   'Personal Insolvency Search',     'Search the register for personal insolvency records of an individual by identification number.', 'Searches', 'Searches', 'PI', 20),
  ('PCD',   'Payment of Court Deposits',      'Pay deposits for court proceedings by GIRO or other payment methods and keep the receipts.', 'Payments', 'Payments', 'PC', 30),
  ('PRD',   'Refund of Deposits',             'Apply for a refund of deposits or fees paid to the registry, with the reason for the refund.', 'Refunds', 'Payments', 'RD', 40),
  ('BIS',   'Bankruptcy Information Search',  'Search bankruptcy information about an individual or a sole proprietorship.', 'Searches', 'Searches', 'BI', 50),
  ('FIR',   'Filing of Insolvency Reports',   'File periodic insolvency reports and statements of affairs with the official assignee.', 'Reports', 'Filings', 'FR', 60),
  ('BSA',   'Bankrupt Statement of Accounts', 'Submit a bankrupt''s monthly statement of income, expenditure and accounts.', 'Reports', 'Filings', 'BS', 70),
  ('PNC',   'Proof of Debt and Claims',       'Lodge a proof of debt or a claim against an estate under administration.', 'Claims', 'Filings', 'PN', 80),
  ('SDNE',  'Statutory Demand Notice',        'Prepare and lodge a statutory demand notice against a debtor.', 'Claims', 'Filings', 'SD', 90),
  ('PC',    'Payment Certificates',           'Request a certificate confirming payments made to an estate.', 'Payments', 'Payments', 'PA', 100),
  ('ICAWL', 'Insolvency Case Watchlist',      'Keep a watchlist of insolvency cases and be told when their status changes.', 'Watchlists', 'Searches', 'IW', 110),
  ('DAR',   'Debt Repayment Application',     'Apply for a debt repayment scheme and propose a monthly repayment plan.', 'Applications', 'Applications', 'DA', 120),
  ('PAR',   'Permission to Travel Abroad',    'Apply for permission to travel overseas while subject to bankruptcy, stating travel dates and purpose.', 'Travel', 'Applications', 'PR', 130),
  ('ESA',   'Estate Account Statement',       'View and download statements of account for estates you administer.', 'Reports', 'Filings', 'ES', 140),
  ('TRA',   'Travel Application Amendment',   'Amend or withdraw a travel application that has not yet been approved.', 'Travel', 'Applications', 'TA', 150),
  ('TRT',   'Travel Return Notification',     'Tell the official assignee that you have returned from an approved overseas trip.', 'Travel', 'Applications', 'TR', 160),
  ('PD',    'Payment by Debtor',              'Make a payment towards your debts under bankruptcy or a repayment scheme.', 'Payments', 'Payments', 'PD', 170);
