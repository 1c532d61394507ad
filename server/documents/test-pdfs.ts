import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, type PDFContext, type PDFObject } from 'pdf-lib';

/** PDFs the active-content tests upload or inspect (docs/decisions/0092), written by pdf-lib or by hand. */

export const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * A PDF of the objects given, numbered from 1, by hand: what a writer made to mislead would write. `headedBy`
 * heads each object as told.
 */
export const headedBy =
  (header: (num: number) => string) =>
  (...objects: Array<string | Buffer>) =>
    Buffer.concat([
      latin1('%PDF-1.7\n'),
      ...objects.flatMap((o, i) => [
        latin1(`${header(i + 1)}\n`),
        typeof o === 'string' ? latin1(o) : o,
        latin1('\nendobj\n'),
      ]),
      latin1('trailer<</Root 1 0 R>>\n%%EOF\n'),
    ]);
export const handMade = headedBy((num) => `${num} 0 obj`);

/**
 * A later hunt's file (docs/decisions/0092): the catalog runs object 4's action when the file opens, by default
 * a script, and `header` heads that object. Laid out as a writer lays it out, with its cross-reference table, so
 * that viewers read it as any file: pdf.js runs the script under each header the header tests give it. `before`
 * comes between the file's first lines and its objects; with `contents`, the page's content stream is object 4
 * and the action object 5.
 */
export function actionBehind(
  header: (num: number) => string,
  { before = '', contents, action = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>' }: ActionBehind = {},
): Buffer {
  const num = contents ? 5 : 4;
  const objects: Array<string | Buffer> = [
    `<< /Type /Catalog /Pages 2 0 R /OpenAction ${num} 0 R >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]${contents ? ' /Contents 4 0 R' : ''} >>`,
    ...(contents
      ? [Buffer.concat([latin1(`<< /Length ${contents.length} >>\nstream\n`), contents, latin1('\nendstream')])]
      : []),
    action,
  ];
  const parts = [latin1(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${before}`)];
  let length = parts[0]!.length;
  const offsets = objects.map((object, i) => {
    const at = length;
    const part = Buffer.concat([
      latin1(`${i + 1 === num ? header(num) : `${i + 1} 0 obj`}\n`),
      typeof object === 'string' ? latin1(object) : object,
      latin1('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
    return at;
  });
  const xref = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    latin1(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
interface ActionBehind {
  before?: string;
  contents?: Buffer;
  action?: string;
}

/** The hunt's sample: the catalog runs a script when the file opens, in plain sight. */
export const OPEN_ACTION_SCRIPT = latin1(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A one-page PDF by pdf-lib, changed by `change` first. Its objects other than streams go into compressed
 * object streams, as most writers of PDF 1.5 and later put them: no name of theirs shows in the file's bytes.
 */
export async function madePdf(
  change: (doc: PDFDocument, context: PDFContext) => void | Promise<void> = () => {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  await change(doc, doc.context);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** The document's OpenAction: a script, in an object stream. */
export const compressedScript = () =>
  madePdf((doc, context) =>
    doc.catalog.set(PDFName.of('OpenAction'), context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })),
  );

/** A one-page PDF whose page holds one link, which runs `action` (the link's A entry) when clicked. */
export const linkPdf = (action: Record<string, string | PDFObject>) =>
  madePdf((doc, context) =>
    doc
      .getPage(0)
      .node.set(
        PDFName.of('Annots'),
        context.obj([context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 20], A: action })]),
      ),
  );

/** A link that starts a program when clicked. */
export const launchLink = () => linkPdf({ S: 'Launch', F: PDFString.of('calc.exe') });

/** A document-level script, in the catalog's Names tree: it runs when the file opens. */
export const namedScript = () =>
  madePdf((doc, context) =>
    doc.catalog.set(
      PDFName.of('Names'),
      context.obj({
        JavaScript: {
          Names: [PDFString.of('init'), context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })],
        },
      }),
    ),
  );

/** What applicants send: a fillable form (text field, check box) with an invoice's XML attached. */
export const formWithAttachment = () =>
  madePdf(async (doc) => {
    const form = doc.getForm();
    form.createTextField('name').addToPage(doc.getPage(0), { x: 50, y: 700 });
    form.createCheckBox('agreed').addToPage(doc.getPage(0), { x: 50, y: 650 });
    await doc.attach(Buffer.from('<Invoice><ID>INV-1</ID></Invoice>'), 'invoice.xml', { mimeType: 'application/xml' });
  });

/** A PDF encrypted with the standard handler: its trailer names the encryption dictionary. */
export const ENCRYPTED = latin1(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    '3 0 obj<</Filter/Standard/V 1/R 2/O<00>/U<00>/P -4>>endobj\n' +
    'trailer<</Root 1 0 R/Encrypt 3 0 R/ID[<01><01>]>>\n%%EOF\n',
);

const PAGES = '<</Type/Pages/Kids[]/Count 0>>';
/** Text deflated in stored blocks, as it is: it shows in the file's bytes. */
const stored = (text: string) => deflateSync(latin1(text), { level: 0 });

/**
 * A file whose catalog prints when it opens (in an object stream), or whose XFA form holds a script, past the
 * text `endstream` inside the deflated stream. Its /Length is object 9, as pdfTeX writes it, defined once for each
 * of `lengths(data)`: none, the data's length, or where the text `endstream` is.
 */
export function endstreamInside(kind: 'objectStream' | 'xfa', lengths: (data: Buffer) => number[]): Buffer {
  const data =
    kind === 'objectStream'
      ? stored('1 0 % endstream\n<</Type/Catalog/Pages 2 0 R/OpenAction<</S/Named/N/Print>>>>')
      : stored(
          '<xdp:xdp><!-- endstream --><template><subform><script>app.alert(1)</script></subform></template></xdp:xdp>',
        );
  const kept = kind === 'objectStream' ? '/Type/ObjStm/N 1/First 16' : '';
  const stream = Buffer.concat([
    latin1(`<<${kept}/Filter/FlateDecode/Length 9 0 R>>stream\n`),
    data,
    latin1('\nendstream'),
  ]);
  const objects = [PAGES, stream, ...lengths(data).map(String)];
  const numbers = [2, 5, ...lengths(data).map(() => 9)];
  if (kind === 'xfa') {
    objects.unshift('<</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[]/XFA 5 0 R>>>>');
    numbers.unshift(1);
  }
  return headedBy((n) => `${numbers[n - 1]} 0 obj`)(...objects);
}

/** Web addresses ending in names that, written as names, would mean a script, a program or encryption. */
export const NAMED_LIKE_ACTIONS = ['JavaScript', 'Launch', 'Encrypt'].map(
  (word) => `https://developer.mozilla.org/en-US/docs/Web/${word}`,
);

/**
 * What Chromium's print to PDF writes for a page of links to those addresses, titled so too: its objects as
 * they are, not in object streams, each address a string.
 */
export const printedLinks = () =>
  handMade(
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Annots[5 0 R 6 0 R 7 0 R]>>',
    '<</Length 50>>stream\nBT /F1 12 Tf 72 700 Td (Disable /JavaScript) Tj ET\nendstream',
    ...NAMED_LIKE_ACTIONS.map(
      (uri) => `<</Type/Annot/Subtype/Link/Rect[72 600 300 620]/Border[0 0 0]/A<</Type/Action/S/URI/URI(${uri})>>>>`,
    ),
    '<</Title(Product /Launch plan \\(draft\\))/Producer(Skia/PDF m120)>>',
  );
