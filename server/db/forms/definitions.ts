import type { Condition, FieldDef, FormDefinition, Page, Section } from '#contract/forms/types.ts';

/**
 * The v2 form definitions of the seventeen e-services (docs/decisions/0035-form-model-v2.md): the typed
 * source of migration 101, which inserts them as version 2 of each form. Typed here so the compiler
 * and the schema (definitions.unit.test.ts) check them; data in the database, so an operator's new
 * version is a row, not a release. Changing this file after 101 has run changes nothing: publish a new
 * version instead (server/cases/forms.ts).
 */

const MB = 1024 * 1024;
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
/** Money limits in Singapore cents: at least one cent, at most ten million dollars (another currency: docs/decisions/0096). */
const MONEY = { min: 1, max: 1_000_000_000 } as const;
const yes = (field: string): Condition => ({ field, op: 'equals', value: 'Y' });
const no = (field: string): Condition => ({ field, op: 'equals', value: 'N' });

const page = (id: string, heading: string, ...sections: Section[]): Page => ({ id, heading, sections });
const section = (heading: string, fields: FieldDef[], extra: Partial<Section> = {}): Section => ({
  heading,
  fields,
  ...extra,
});
const declaration = (text: string): Page =>
  page(
    'declaration',
    'Declaration',
    section('Declaration', [{ name: 'declaration', label: 'Declaration', type: 'declaration', text }]),
  );
const TRUE_AND_COMPLETE =
  'I declare that the information I have given is true and complete. I understand that giving false information is an offence.';

const contact = (required = true): FieldDef[] => [
  { name: 'email', label: 'Email address', type: 'email', required },
  { name: 'notifyBySms', label: 'Notify me by SMS', type: 'yesNo', required: true },
  {
    name: 'mobileNumber',
    label: 'Mobile number',
    type: 'mobile',
    required: true,
    showIf: yes('notifyBySms'),
    hint: 'For example, 91234567.',
  },
];

const documents = (name: string, label: string, hint: string, required = false): FieldDef => ({
  name,
  label,
  type: 'attachment',
  hint,
  required,
  maxSizeBytes: 10 * MB,
  maxFiles: 5,
  types: DOCUMENT_TYPES,
});

export const FORM_DEFINITIONS: Record<string, FormDefinition> = {
  PTIB: {
    schemaVersion: 2,
    pages: [
      page(
        'contact',
        'Your contact details',
        section('Contact details', [
          {
            name: 'contactNumber',
            label: 'Contact number',
            type: 'phone',
            required: true,
            hint: 'For example, 61234567 or +44 20 7946 0958.',
          },
          ...contact(),
        ]),
      ),
      page(
        'address',
        'Your correspondence address',
        section('Correspondence address', [
          { name: 'correspondenceAddress', label: 'Correspondence address', type: 'address', required: true },
          {
            name: 'effectiveDate',
            label: 'Effective date',
            type: 'date',
            required: true,
            notInPast: true,
            maxDaysAhead: 90,
          },
        ]),
      ),
      page(
        'remarks',
        'Anything else',
        section('Remarks', [{ name: 'remarks', label: 'Remarks', type: 'textarea', maxLength: 1000 }]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  PIS: {
    schemaVersion: 2,
    pages: [
      page(
        'search',
        'Who you are searching for',
        section('Person', [
          {
            name: 'idNumber',
            label: 'NRIC or FIN of the person',
            type: 'nric',
            required: true,
            hint: 'For example, S1234567D.',
          },
          { name: 'fullName', label: 'Full name', type: 'text', maxLength: 100 },
          { name: 'nationality', label: 'Nationality', type: 'select', codeList: 'nationality' },
        ]),
        section('Purpose', [
          {
            name: 'purpose',
            label: 'Purpose of search',
            type: 'radios',
            required: true,
            options: [
              { value: 'credit', label: 'Credit assessment' },
              { value: 'employment', label: 'Employment screening' },
              { value: 'legal', label: 'Legal proceedings' },
              { value: 'other', label: 'Another purpose' },
            ],
          },
          {
            name: 'otherPurpose',
            label: 'Describe the purpose',
            type: 'textarea',
            maxLength: 500,
            required: true,
            showIf: { field: 'purpose', op: 'equals', value: 'other' },
          },
        ]),
      ),
      declaration('I declare that I will use the result of this search only for the purpose I have given.'),
    ],
  },

  PCD: {
    schemaVersion: 2,
    pages: [
      page(
        'case',
        'The court case',
        section('Court case', [
          {
            name: 'courtCaseReference',
            label: 'Court case reference',
            type: 'text',
            maxLength: 40,
            required: true,
            hint: 'For example, HC/B 1234/2026.',
          },
          { name: 'payerName', label: 'Name of payer', type: 'text', maxLength: 100, required: true },
          { name: 'payerType', label: 'Payer is', type: 'select', codeList: 'entityType', required: true },
          {
            name: 'payerUen',
            label: 'UEN of the payer',
            type: 'uen',
            required: true,
            showIf: { field: 'payerType', op: 'equals', value: 'NI' },
          },
          {
            name: 'payerNric',
            label: 'NRIC or FIN of the payer',
            type: 'nric',
            required: true,
            showIf: { field: 'payerType', op: 'equals', value: 'I' },
          },
        ]),
      ),
      page(
        'payment',
        'The deposit',
        section('Deposit', [
          { name: 'depositAmount', label: 'Deposit amount', type: 'amount', required: true, ...MONEY },
          { name: 'paymentMethod', label: 'Payment method', type: 'select', codeList: 'paymentMethod', required: true },
          { name: 'remarks', label: 'Remarks', type: 'textarea', maxLength: 1000 },
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  PRD: {
    schemaVersion: 2,
    pages: [
      page(
        'deposit',
        'The deposit to refund',
        section('Original payment', [
          {
            name: 'receiptNumber',
            label: 'Original receipt number',
            type: 'text',
            format: 'digits',
            maxLength: 20,
            required: true,
          },
          { name: 'paidOn', label: 'Date of the original payment', type: 'date', required: true, notInFuture: true },
          { name: 'refundAmount', label: 'Refund amount', type: 'amount', required: true, ...MONEY },
          { name: 'reason', label: 'Reason for the refund', type: 'textarea', maxLength: 1000, required: true },
        ]),
      ),
      page(
        'payee',
        'Who the refund is paid to',
        section('Payee', [
          { name: 'entityType', label: 'Refund to', type: 'select', codeList: 'entityType', required: true },
          { name: 'payeeName', label: 'Name of payee', type: 'text', maxLength: 100, required: true },
          {
            name: 'payeeUen',
            label: 'UEN of the payee',
            type: 'uen',
            required: true,
            showIf: { field: 'entityType', op: 'equals', value: 'NI' },
          },
          {
            name: 'bankAccountNumber',
            label: 'Bank account number',
            type: 'text',
            format: 'digits',
            maxLength: 20,
            required: true,
            hint: 'Digits only.',
          },
        ]),
        section('Documents', [
          documents('receipts', 'Copy of the receipt', 'A PDF, JPG or PNG of up to 10 MB each.', true),
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  BIS: {
    schemaVersion: 2,
    pages: [
      page(
        'search',
        'Who you are searching for',
        section('Search for', [
          { name: 'entityType', label: 'Search for', type: 'radios', codeList: 'entityType', required: true },
          {
            name: 'idNumber',
            label: 'NRIC or FIN',
            type: 'nric',
            required: true,
            showIf: { field: 'entityType', op: 'equals', value: 'I' },
          },
          {
            name: 'uen',
            label: 'UEN of the sole proprietorship',
            type: 'uen',
            required: true,
            showIf: { field: 'entityType', op: 'equals', value: 'NI' },
          },
          { name: 'name', label: 'Name', type: 'text', maxLength: 100 },
          { name: 'lastKnownPostalCode', label: 'Last known postal code', type: 'postalCode' },
        ]),
      ),
      declaration('I declare that I will use the result of this search only for a lawful purpose.'),
    ],
  },

  FIR: {
    schemaVersion: 2,
    pages: [
      page(
        'report',
        'The report',
        section('Estate and period', [
          {
            name: 'estateReference',
            label: 'Estate reference',
            type: 'caseNumber',
            required: true,
            hint: 'The case number of the estate, for example BS 000042 2026.',
          },
          {
            name: 'reportType',
            label: 'Type of report',
            type: 'radios',
            required: true,
            options: [
              { value: 'periodic', label: 'Periodic report' },
              { value: 'affairs', label: 'Statement of affairs' },
              { value: 'final', label: 'Final report' },
            ],
          },
          { name: 'periodStart', label: 'Reporting period start', type: 'date', required: true, notInFuture: true },
          {
            name: 'periodEnd',
            label: 'Reporting period end',
            type: 'date',
            required: true,
            notInFuture: true,
            compare: [{ op: 'gt', field: 'periodStart' }],
          },
        ]),
      ),
      page(
        'accounts',
        'Receipts and payments',
        section('Totals', [
          { name: 'totalReceipts', label: 'Total receipts', type: 'amount', required: true, min: 0, max: MONEY.max },
          { name: 'totalPayments', label: 'Total payments', type: 'amount', required: true, min: 0, max: MONEY.max },
        ]),
        section('Report', [
          documents('report', 'The report', 'The signed report as a PDF of up to 10 MB.', true),
          { name: 'remarks', label: 'Remarks', type: 'textarea', maxLength: 2000 },
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  BSA: {
    schemaVersion: 2,
    pages: [
      page(
        'period',
        'The month of the statement',
        section('Statement period', [
          { name: 'periodStart', label: 'Statement period start', type: 'date', required: true, notInFuture: true },
          {
            name: 'periodEnd',
            label: 'Statement period end',
            type: 'date',
            required: true,
            notInFuture: true,
            compare: [{ op: 'gt', field: 'periodStart' }],
          },
          { name: 'employed', label: 'Employed during the period', type: 'yesNo', required: true },
          {
            name: 'employerName',
            label: 'Name of employer',
            type: 'text',
            maxLength: 100,
            required: true,
            showIf: yes('employed'),
          },
          { name: 'employerUen', label: 'UEN of employer', type: 'uen', showIf: yes('employed') },
        ]),
      ),
      page(
        'income',
        'Income',
        section('Income', [
          {
            name: 'monthlyIncome',
            label: 'Total income for the period',
            type: 'amount',
            required: true,
            min: 0,
            max: MONEY.max,
          },
          {
            name: 'incomeSources',
            label: 'Sources of income',
            type: 'checkboxes',
            minChoices: 1,
            options: [
              { value: 'salary', label: 'Salary' },
              { value: 'business', label: 'Business' },
              { value: 'family', label: 'Support from family' },
              { value: 'other', label: 'Other' },
            ],
          },
        ]),
      ),
      page(
        'expenditure',
        'Expenditure',
        section('Expenditure', [
          {
            name: 'expenses',
            label: 'Expenses',
            type: 'group',
            itemLabel: 'Expense',
            minRows: 1,
            maxRows: 30,
            fields: [
              {
                name: 'category',
                label: 'Category',
                type: 'select',
                required: true,
                options: [
                  { value: 'housing', label: 'Housing' },
                  { value: 'food', label: 'Food' },
                  { value: 'transport', label: 'Transport' },
                  { value: 'utilities', label: 'Utilities' },
                  { value: 'medical', label: 'Medical' },
                  { value: 'education', label: 'Education' },
                  { value: 'other', label: 'Other' },
                ],
              },
              { name: 'amount', label: 'Amount', type: 'amount', required: true, ...MONEY },
            ],
          },
          {
            name: 'monthlyExpenditure',
            label: 'Total expenditure for the period',
            type: 'amount',
            required: true,
            min: 0,
            max: MONEY.max,
          },
          {
            name: 'contribution',
            label: 'Contribution to the estate',
            type: 'amount',
            required: true,
            min: 0,
            max: MONEY.max,
            compare: [{ op: 'lte', field: 'monthlyIncome' }],
          },
          { name: 'dependants', label: 'Number of dependants', type: 'number', min: 0, max: 20 },
          documents('payslips', 'Payslips', 'PDF, JPG or PNG, up to 5 files of 10 MB each.'),
          { name: 'remarks', label: 'Remarks', type: 'textarea', maxLength: 1000 },
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  PNC: {
    schemaVersion: 2,
    pages: [
      page(
        'creditor',
        'About the creditor',
        section('Creditor', [
          { name: 'creditorName', label: 'Name of creditor', type: 'text', maxLength: 100, required: true },
          { name: 'creditorType', label: 'Creditor is', type: 'select', codeList: 'entityType', required: true },
          {
            name: 'creditorUen',
            label: 'UEN of the creditor',
            type: 'uen',
            required: true,
            showIf: { field: 'creditorType', op: 'equals', value: 'NI' },
          },
          {
            name: 'creditorNric',
            label: 'NRIC or FIN of the creditor',
            type: 'nric',
            required: true,
            showIf: { field: 'creditorType', op: 'equals', value: 'I' },
          },
          ...contact(),
        ]),
      ),
      page(
        'claims',
        'The claims',
        section('Claims', [
          {
            name: 'estateCaseNumber',
            label: 'Case number of the estate',
            type: 'caseNumber',
            required: true,
            hint: 'For example, BS 000042 2026.',
          },
          {
            name: 'claims',
            label: 'Claims',
            type: 'group',
            itemLabel: 'Claim',
            minRows: 1,
            maxRows: 20,
            fields: [
              { name: 'description', label: 'What the debt is for', type: 'text', maxLength: 200, required: true },
              {
                name: 'incurredOn',
                label: 'Date the debt was incurred',
                type: 'date',
                required: true,
                notInFuture: true,
              },
              { name: 'amount', label: 'Amount claimed', type: 'amount', required: true, ...MONEY },
              { name: 'secured', label: 'The claim is secured', type: 'yesNo', required: true },
              {
                name: 'security',
                label: 'Security held',
                type: 'text',
                maxLength: 200,
                required: true,
                showIf: yes('secured'),
              },
            ],
          },
          documents(
            'supportingDocuments',
            'Supporting documents',
            'Invoices, contracts or statements: PDF, JPG or PNG, up to 5 files of 10 MB each.',
            true,
          ),
        ]),
      ),
      declaration(
        'I declare that the debts claimed are true and owed to the creditor, and that no part has been paid or secured other than as stated.',
      ),
    ],
  },

  SDNE: {
    schemaVersion: 2,
    pages: [
      page(
        'debtor',
        'The debtor',
        section('Debtor', [
          { name: 'debtorName', label: 'Name of debtor', type: 'text', maxLength: 100, required: true },
          { name: 'debtorIdNumber', label: 'NRIC or FIN of debtor', type: 'nric', required: true },
          { name: 'debtorAddress', label: 'Address of debtor', type: 'address', required: true },
        ]),
      ),
      page(
        'debt',
        'The debt',
        section('Debt', [
          {
            name: 'amountDemanded',
            label: 'Amount demanded',
            type: 'amount',
            required: true,
            min: 1_500_000,
            max: MONEY.max,
            hint: 'At least 15,000.00: the threshold for a bankruptcy application.',
          },
          { name: 'debtDueDate', label: 'Debt due on', type: 'date', required: true, notInFuture: true },
          documents('evidence', 'Evidence of the debt', 'PDF, JPG or PNG, up to 5 files of 10 MB each.', true),
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  PC: {
    schemaVersion: 2,
    pages: [
      page(
        'certificate',
        'The certificate',
        section('Payments', [
          { name: 'estateReference', label: 'Case number of the estate', type: 'caseNumber', required: true },
          { name: 'periodFrom', label: 'Payments from', type: 'date', required: true, notInFuture: true },
          {
            name: 'periodTo',
            label: 'Payments up to',
            type: 'date',
            required: true,
            notInFuture: true,
            compare: [{ op: 'gte', field: 'periodFrom' }],
          },
          { name: 'certificateFee', label: 'Certificate fee', type: 'amount', required: true, ...MONEY },
          { name: 'purpose', label: 'Purpose of the certificate', type: 'textarea', maxLength: 500 },
        ]),
        section('Delivery', [
          { name: 'byPost', label: 'Send the certificate by post', type: 'yesNo', required: true },
          {
            name: 'deliveryAddress',
            label: 'Send the certificate to',
            type: 'address',
            required: true,
            showIf: yes('byPost'),
          },
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  ICAWL: {
    schemaVersion: 2,
    pages: [
      page(
        'watch',
        'The case to watch',
        section('Case', [
          {
            name: 'watchedCaseNumber',
            label: 'Case number to watch',
            type: 'caseNumber',
            required: true,
            hint: 'For example, BS 000042 2026.',
          },
          {
            name: 'notifyOn',
            label: 'Tell me when',
            type: 'checkboxes',
            minChoices: 1,
            required: true,
            options: [
              { value: 'status', label: 'Its status changes' },
              { value: 'hearing', label: 'A hearing is fixed' },
              { value: 'closed', label: 'It is closed' },
            ],
          },
        ]),
        section('How we tell you', [
          ...contact(false),
          { name: 'note', label: 'Note for yourself', type: 'textarea', maxLength: 500 },
        ]),
      ),
    ],
  },

  DAR: {
    schemaVersion: 2,
    pages: [
      page(
        'applicant',
        'About you',
        section('Applicant', [
          { name: 'applicantName', label: 'Name of applicant', type: 'text', maxLength: 100, required: true },
          { name: 'applicantId', label: 'NRIC or FIN', type: 'nric', required: true },
          { name: 'gender', label: 'Gender', type: 'select', codeList: 'gender', required: true },
          { name: 'nationality', label: 'Nationality', type: 'select', codeList: 'nationality', required: true },
          ...contact(),
        ]),
      ),
      page(
        'finances',
        'Your income and debts',
        section('Income', [
          { name: 'monthlyIncome', label: 'Monthly income', type: 'amount', required: true, min: 0, max: MONEY.max },
          {
            name: 'debts',
            label: 'Debts',
            type: 'group',
            itemLabel: 'Debt',
            minRows: 1,
            maxRows: 30,
            fields: [
              { name: 'creditorName', label: 'Name of creditor', type: 'text', maxLength: 100, required: true },
              { name: 'amount', label: 'Amount owed', type: 'amount', required: true, ...MONEY },
            ],
          },
        ]),
      ),
      page(
        'plan',
        'Your repayment plan',
        section('Plan', [
          {
            name: 'proposedRepayment',
            label: 'Proposed monthly repayment',
            type: 'amount',
            required: true,
            ...MONEY,
            compare: [{ op: 'lte', field: 'monthlyIncome' }],
          },
          {
            name: 'repaymentMonths',
            label: 'Repayment period in months',
            type: 'number',
            min: 1,
            max: 60,
            required: true,
          },
          {
            name: 'planStart',
            label: 'First repayment on',
            type: 'date',
            required: true,
            notInPast: true,
            maxDaysAhead: 60,
          },
          {
            name: 'bankruptcyApplicationFiled',
            label: 'A bankruptcy application has been filed against you',
            type: 'yesNo',
            required: true,
          },
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
    rules: [
      {
        id: 'bankruptcy-filed',
        when: [yes('bankruptcyApplicationFiled')],
        field: 'bankruptcyApplicationFiled',
        message:
          'You cannot apply for a debt repayment scheme once a bankruptcy application has been filed against you',
      },
    ],
  },

  PAR: {
    schemaVersion: 2,
    pages: [
      page(
        'trip',
        'Your trip',
        section('Trip', [
          {
            name: 'destinationCountry',
            label: 'Country of destination',
            type: 'select',
            codeList: 'country',
            required: true,
            noDefault: true,
          },
          {
            name: 'departureDate',
            label: 'Departure date',
            type: 'date',
            required: true,
            notInPast: true,
            maxDaysAhead: 365,
          },
          {
            name: 'returnDate',
            label: 'Return date',
            type: 'date',
            required: true,
            compare: [{ op: 'gte', field: 'departureDate' }],
          },
          { name: 'purpose', label: 'Purpose of the trip', type: 'textarea', maxLength: 1000, required: true },
          { name: 'accommodationAddress', label: 'Address overseas', type: 'address' },
        ]),
        section('Cost of the trip', [
          { name: 'sponsored', label: 'The trip is paid for by someone else', type: 'yesNo', required: true },
          {
            name: 'sponsorName',
            label: 'Name of the person paying',
            type: 'text',
            maxLength: 100,
            required: true,
            showIf: yes('sponsored'),
          },
          {
            name: 'tripCost',
            label: 'Estimated cost of the trip',
            type: 'amount',
            required: true,
            ...MONEY,
            showIf: no('sponsored'),
          },
        ]),
      ),
      page(
        'restrictions',
        'Orders against you',
        section('Court orders', [
          {
            name: 'travelBanned',
            label: 'A court order forbids you to leave Singapore',
            type: 'yesNo',
            required: true,
          },
        ]),
        section('Documents', [
          documents('itinerary', 'Flight itinerary', 'PDF, JPG or PNG, up to 5 files of 10 MB each.'),
        ]),
      ),
      declaration('I declare that the information I have given is true, and I will return on the date I have given.'),
    ],
    rules: [
      {
        id: 'travel-banned',
        when: [yes('travelBanned')],
        field: 'travelBanned',
        message: 'You cannot apply to travel while a court order forbids you to leave Singapore',
      },
    ],
  },

  ESA: {
    schemaVersion: 2,
    pages: [
      page(
        'statement',
        'The statement',
        section('Statement', [
          { name: 'estateReference', label: 'Case number of the estate', type: 'caseNumber', required: true },
          { name: 'statementFrom', label: 'Statement from', type: 'date', required: true, notInFuture: true },
          {
            name: 'statementTo',
            label: 'Statement up to',
            type: 'date',
            required: true,
            notInFuture: true,
            compare: [{ op: 'gt', field: 'statementFrom' }],
          },
          {
            name: 'statementCurrency',
            label: 'Currency of the statement',
            type: 'select',
            codeList: 'currency',
            required: true,
          },
        ]),
        section('A copy by post', [
          { name: 'mailCopy', label: 'Send a copy by post', type: 'yesNo', required: true },
          {
            name: 'mailingPostalCode',
            label: 'Postal code for a mailed copy',
            type: 'postalCode',
            required: true,
            showIf: yes('mailCopy'),
          },
        ]),
      ),
    ],
  },

  TRA: {
    schemaVersion: 2,
    pages: [
      page(
        'application',
        'The travel application',
        section('Application', [
          {
            name: 'travelCaseNumber',
            label: 'Case number of the travel application',
            type: 'caseNumber',
            caseType: 'PR',
            recordOf: 'PAR',
            required: true,
            hint: 'For example, PR 000042 2026.',
          },
          {
            name: 'action',
            label: 'What do you want to do',
            type: 'radios',
            required: true,
            options: [
              { value: 'amend', label: 'Amend the application' },
              { value: 'withdraw', label: 'Withdraw the application' },
            ],
          },
          { name: 'reason', label: 'Reason', type: 'textarea', maxLength: 1000, required: true },
        ]),
      ),
      page(
        'trip',
        'The trip',
        section(
          'Trip details',
          [
            { name: 'keepOtherDetails', label: 'Keep the other details as applied for', type: 'yesNo', required: true },
            {
              name: 'newDepartureDate',
              label: 'New departure date',
              type: 'date',
              required: true,
              notInPast: true,
              showIf: no('keepOtherDetails'),
            },
            {
              name: 'newReturnDate',
              label: 'New return date',
              type: 'date',
              required: true,
              showIf: no('keepOtherDetails'),
              compare: [{ op: 'gte', field: 'newDepartureDate' }],
            },
            {
              name: 'countries',
              label: 'Countries you will visit',
              type: 'group',
              itemLabel: 'Country',
              minRows: 1,
              maxRows: 10,
              showIf: no('keepOtherDetails'),
              fields: [
                {
                  name: 'country',
                  label: 'Country',
                  type: 'select',
                  codeList: 'country',
                  required: true,
                  noDefault: true,
                },
                { name: 'arrivalDate', label: 'Arrival date', type: 'date', required: true },
                {
                  name: 'departureDate',
                  label: 'Departure date',
                  type: 'date',
                  required: true,
                  compare: [{ op: 'gte', field: 'arrivalDate' }],
                },
              ],
            },
          ],
          { showIf: { field: 'action', op: 'equals', value: 'amend' } },
        ),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  TRT: {
    schemaVersion: 2,
    pages: [
      page(
        'return',
        'Your return',
        section('Trip', [
          {
            name: 'travelCaseNumber',
            label: 'Case number of the travel application',
            type: 'caseNumber',
            caseType: 'PR',
            recordOf: 'PAR',
            required: true,
            hint: 'For example, PR 000042 2026.',
          },
          { name: 'returnedOn', label: 'Returned on', type: 'date', required: true, notInFuture: true, maxDaysAgo: 30 },
          { name: 'asApproved', label: 'The trip went as approved', type: 'yesNo', required: true },
          {
            name: 'differences',
            label: 'What was different',
            type: 'textarea',
            maxLength: 1000,
            required: true,
            showIf: no('asApproved'),
          },
          {
            name: 'countriesVisited',
            label: 'Countries visited',
            type: 'group',
            itemLabel: 'Country',
            minRows: 1,
            maxRows: 10,
            fields: [
              {
                name: 'country',
                label: 'Country',
                type: 'select',
                codeList: 'country',
                required: true,
                noDefault: true,
              },
              { name: 'arrivedOn', label: 'Arrived on', type: 'date', required: true },
              {
                name: 'leftOn',
                label: 'Left on',
                type: 'date',
                required: true,
                compare: [{ op: 'gte', field: 'arrivedOn' }],
              },
            ],
          },
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },

  PD: {
    schemaVersion: 2,
    pages: [
      page(
        'debtor',
        'About you',
        section('Debtor', [
          {
            name: 'debtorIdNumber',
            label: 'Debtor identification number',
            type: 'nric',
            required: true,
            hint: 'Your NRIC or FIN, for example S1234567D.',
          },
        ]),
      ),
      page(
        'payment',
        'Your payment',
        section('Payment', [
          { name: 'paymentAmount', label: 'Payment amount', type: 'amount', required: true, ...MONEY },
          { name: 'paymentMethod', label: 'Payment method', type: 'select', codeList: 'paymentMethod', required: true },
          { name: 'paymentDate', label: 'Payment date', type: 'date', required: true, notInFuture: true },
        ]),
        section('Creditors paid', [
          {
            name: 'creditors',
            label: 'Creditors paid',
            type: 'group',
            itemLabel: 'Creditor',
            hint: 'Only when the payment is for particular creditors.',
            maxRows: 20,
            fields: [
              { name: 'creditorName', label: 'Name of creditor', type: 'text', maxLength: 100, required: true },
              {
                name: 'amount',
                label: 'Amount paid to the creditor',
                type: 'amount',
                required: true,
                ...MONEY,
                compare: [{ op: 'lte', field: 'paymentAmount' }],
              },
            ],
          },
          documents(
            'proofOfPayment',
            'Proof of payment',
            'A receipt or bank statement: PDF, JPG or PNG, up to 5 files of 10 MB each.',
          ),
          { name: 'remarks', label: 'Remarks', type: 'textarea', maxLength: 500 },
        ]),
      ),
      declaration(TRUE_AND_COMPLETE),
    ],
  },
};
