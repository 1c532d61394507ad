-- E-services (docs/decisions/0008): form definitions of the generic e-service, and the case workflow.
-- Forms are data, like the rest of the catalogue: an operator may change them; the server checks each
-- one against contract/schemas/eservices.ts when it reads it.

ALTER TABLE cases ADD CONSTRAINT cases_status_check
  CHECK (status IN ('draft', 'submitted', 'in_review', 'approved', 'rejected'));
ALTER TABLE cases ADD COLUMN submitted_at timestamptz;

-- Every move of a case, by whom: the owner's account, or an operator named in actor.
CREATE TABLE case_status_history (
  id          bigserial PRIMARY KEY,
  case_id     bigint NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  from_status text,
  to_status   text NOT NULL,
  changed_at  timestamptz NOT NULL DEFAULT now(),
  account_id  bigint REFERENCES accounts (id),
  actor       text NOT NULL
);
CREATE INDEX case_status_history_case_idx ON case_status_history (case_id, id);

UPDATE eservices SET form = '{"fields": [
    {"name": "contactNumber", "label": "Contact number", "type": "text", "format": "digits", "maxLength": 8, "required": true, "hint": "Eight digits, no spaces."},
    {"name": "correspondenceAddress", "label": "Correspondence address", "type": "address", "required": true},
    {"name": "effectiveDate", "label": "Effective date", "type": "date", "required": true},
    {"name": "remarks", "label": "Remarks", "type": "textarea", "maxLength": 1000}
  ]}'::jsonb WHERE code = 'PTIB';

UPDATE eservices SET form = '{"fields": [
    {"name": "idNumber", "label": "Identification number", "type": "text", "format": "identifier", "required": true, "hint": "Exactly 12 characters."},
    {"name": "fullName", "label": "Full name", "type": "text", "maxLength": 100},
    {"name": "nationality", "label": "Nationality", "type": "select", "codeList": "nationality"},
    {"name": "purpose", "label": "Purpose of search", "type": "textarea", "maxLength": 500, "required": true}
  ]}'::jsonb WHERE code = 'PIS';

UPDATE eservices SET form = '{"fields": [
    {"name": "courtCaseReference", "label": "Court case reference", "type": "text", "maxLength": 40, "required": true},
    {"name": "payerName", "label": "Name of payer", "type": "text", "maxLength": 100, "required": true},
    {"name": "depositAmount", "label": "Deposit amount", "type": "amount", "required": true, "max": 10000000},
    {"name": "paymentMethod", "label": "Payment method", "type": "select", "codeList": "paymentMethod", "required": true},
    {"name": "remarks", "label": "Remarks", "type": "textarea", "maxLength": 1000}
  ]}'::jsonb WHERE code = 'PCD';

UPDATE eservices SET form = '{"fields": [
    {"name": "receiptNumber", "label": "Original receipt number", "type": "text", "format": "digits", "maxLength": 20, "required": true},
    {"name": "entityType", "label": "Refund to", "type": "select", "codeList": "entityType", "required": true},
    {"name": "payeeName", "label": "Name of payee", "type": "text", "maxLength": 100, "required": true},
    {"name": "refundAmount", "label": "Refund amount", "type": "amount", "required": true, "max": 10000000},
    {"name": "bankAccountNumber", "label": "Bank account number", "type": "text", "format": "digits", "maxLength": 20, "hint": "Digits only."},
    {"name": "reason", "label": "Reason for the refund", "type": "textarea", "maxLength": 1000, "required": true}
  ]}'::jsonb WHERE code = 'PRD';

UPDATE eservices SET form = '{"fields": [
    {"name": "entityType", "label": "Search for", "type": "select", "codeList": "entityType", "required": true},
    {"name": "idNumber", "label": "Identification or registration number", "type": "text", "format": "identifier", "required": true, "hint": "Exactly 12 characters."},
    {"name": "name", "label": "Name", "type": "text", "maxLength": 100},
    {"name": "lastKnownPostalCode", "label": "Last known postal code", "type": "postalCode"}
  ]}'::jsonb WHERE code = 'BIS';

UPDATE eservices SET form = '{"fields": [
    {"name": "estateReference", "label": "Estate reference", "type": "text", "maxLength": 40, "required": true},
    {"name": "periodEnd", "label": "Reporting period ends on", "type": "date", "required": true},
    {"name": "totalReceipts", "label": "Total receipts", "type": "amount", "required": true},
    {"name": "totalPayments", "label": "Total payments", "type": "amount", "required": true},
    {"name": "remarks", "label": "Remarks", "type": "textarea", "maxLength": 2000}
  ]}'::jsonb WHERE code = 'FIR';

UPDATE eservices SET form = '{"fields": [
    {"name": "statementMonth", "label": "Statement for the month of", "type": "date", "required": true, "hint": "Any day of the month, e.g. 2026-03-01."},
    {"name": "employed", "label": "Employed during the month", "type": "yesNo", "required": true},
    {"name": "monthlyIncome", "label": "Income for the month", "type": "amount", "required": true},
    {"name": "monthlyExpenditure", "label": "Expenditure for the month", "type": "amount", "required": true},
    {"name": "dependants", "label": "Number of dependants", "type": "number", "min": 0, "max": 20},
    {"name": "remarks", "label": "Remarks", "type": "textarea", "maxLength": 1000}
  ]}'::jsonb WHERE code = 'BSA';

UPDATE eservices SET form = '{"fields": [
    {"name": "creditorName", "label": "Name of creditor", "type": "text", "maxLength": 100, "required": true},
    {"name": "creditorType", "label": "Creditor is", "type": "select", "codeList": "entityType", "required": true},
    {"name": "claimAmount", "label": "Amount claimed", "type": "amount", "required": true},
    {"name": "debtIncurredOn", "label": "Debt incurred on", "type": "date"},
    {"name": "unsecured", "label": "The claim is unsecured", "type": "yesNo", "required": true},
    {"name": "particulars", "label": "Particulars of the claim", "type": "textarea", "maxLength": 2000, "required": true}
  ]}'::jsonb WHERE code = 'PNC';

UPDATE eservices SET form = '{"fields": [
    {"name": "debtorName", "label": "Name of debtor", "type": "text", "maxLength": 100, "required": true},
    {"name": "debtorIdNumber", "label": "Debtor identification number", "type": "text", "format": "identifier", "hint": "Exactly 12 characters."},
    {"name": "debtorAddress", "label": "Address of debtor", "type": "address", "required": true},
    {"name": "amountDemanded", "label": "Amount demanded", "type": "amount", "required": true},
    {"name": "debtDueDate", "label": "Debt due on", "type": "date", "required": true}
  ]}'::jsonb WHERE code = 'SDNE';

UPDATE eservices SET form = '{"fields": [
    {"name": "estateReference", "label": "Estate reference", "type": "text", "maxLength": 40, "required": true},
    {"name": "periodFrom", "label": "Payments from", "type": "date", "required": true},
    {"name": "periodTo", "label": "Payments up to", "type": "date", "required": true},
    {"name": "deliveryAddress", "label": "Send the certificate to", "type": "address"},
    {"name": "purpose", "label": "Purpose of the certificate", "type": "textarea", "maxLength": 500}
  ]}'::jsonb WHERE code = 'PC';

UPDATE eservices SET form = '{"fields": [
    {"name": "watchedCaseNumber", "label": "Case number to watch", "type": "text", "maxLength": 40, "required": true},
    {"name": "notifyBySms", "label": "Notify me by SMS", "type": "yesNo", "required": true},
    {"name": "mobileNumber", "label": "Mobile number", "type": "text", "format": "digits", "maxLength": 8, "hint": "Eight digits."},
    {"name": "note", "label": "Note for yourself", "type": "textarea", "maxLength": 500}
  ]}'::jsonb WHERE code = 'ICAWL';

UPDATE eservices SET form = '{"fields": [
    {"name": "applicantName", "label": "Name of applicant", "type": "text", "maxLength": 100, "required": true},
    {"name": "gender", "label": "Gender", "type": "select", "codeList": "gender", "required": true},
    {"name": "nationality", "label": "Nationality", "type": "select", "codeList": "nationality", "required": true},
    {"name": "monthlyIncome", "label": "Monthly income", "type": "amount", "required": true},
    {"name": "proposedRepayment", "label": "Proposed monthly repayment", "type": "amount", "required": true},
    {"name": "repaymentMonths", "label": "Repayment period in months", "type": "number", "min": 1, "max": 60, "required": true}
  ]}'::jsonb WHERE code = 'DAR';

UPDATE eservices SET form = '{"fields": [
    {"name": "destinationCountry", "label": "Country of destination", "type": "select", "codeList": "country", "required": true},
    {"name": "departureDate", "label": "Departure date", "type": "date", "required": true},
    {"name": "returnDate", "label": "Return date", "type": "date", "required": true},
    {"name": "accommodationAddress", "label": "Address overseas", "type": "address"},
    {"name": "sponsored", "label": "The trip is paid for by someone else", "type": "yesNo", "required": true},
    {"name": "purpose", "label": "Purpose of the trip", "type": "textarea", "maxLength": 1000, "required": true}
  ]}'::jsonb WHERE code = 'PAR';

UPDATE eservices SET form = '{"fields": [
    {"name": "estateReference", "label": "Estate reference", "type": "text", "maxLength": 40, "required": true},
    {"name": "statementFrom", "label": "Statement from", "type": "date", "required": true},
    {"name": "statementTo", "label": "Statement up to", "type": "date", "required": true},
    {"name": "statementCurrency", "label": "Currency of the statement", "type": "select", "codeList": "currency", "required": true},
    {"name": "mailingPostalCode", "label": "Postal code for a mailed copy", "type": "postalCode"}
  ]}'::jsonb WHERE code = 'ESA';

UPDATE eservices SET form = '{"fields": [
    {"name": "travelCaseNumber", "label": "Case number of the travel application", "type": "text", "maxLength": 40, "required": true},
    {"name": "keepOtherDetails", "label": "Keep the other details as applied for", "type": "yesNo", "required": true},
    {"name": "newDepartureDate", "label": "New departure date", "type": "date"},
    {"name": "newReturnDate", "label": "New return date", "type": "date"},
    {"name": "reason", "label": "Reason for the amendment", "type": "textarea", "maxLength": 1000, "required": true}
  ]}'::jsonb WHERE code = 'TRA';

UPDATE eservices SET form = '{"fields": [
    {"name": "travelCaseNumber", "label": "Case number of the travel application", "type": "text", "maxLength": 40, "required": true},
    {"name": "returnedOn", "label": "Returned on", "type": "date", "required": true},
    {"name": "asApproved", "label": "The trip went as approved", "type": "yesNo", "required": true},
    {"name": "countriesVisited", "label": "Countries visited", "type": "textarea", "maxLength": 500}
  ]}'::jsonb WHERE code = 'TRT';

UPDATE eservices SET form = '{"fields": [
    {"name": "debtorIdNumber", "label": "Debtor identification number", "type": "text", "format": "identifier", "required": true, "hint": "Exactly 12 characters."},
    {"name": "paymentAmount", "label": "Payment amount", "type": "amount", "required": true, "max": 10000000},
    {"name": "paymentMethod", "label": "Payment method", "type": "select", "codeList": "paymentMethod", "required": true},
    {"name": "paymentDate", "label": "Payment date", "type": "date", "required": true},
    {"name": "remarks", "label": "Remarks", "type": "textarea", "maxLength": 500}
  ]}'::jsonb WHERE code = 'PD';
