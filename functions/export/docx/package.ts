/**
 * A Word file written in pieces (issue 39: GitHub's project as one docx grew a process past 3.9 GB). docx's Packer
 * builds the whole document as objects, then as one XML string, then as one zip in memory. Here docx lays out only
 * the frame (styles, numbering, footers, the cover and the table of contents, a marker where the body goes); the
 * body is made one section at a time, each turned into XML and deflated into the zip's document.xml as it comes,
 * then dropped. The frame's other parts are written last, from a second pack of the same document, so that they
 * hold what the body added as docx would have: hyperlink relationships, list instances, images.
 *
 * Only docx's public API is used; its two placeholders in the body's XML are filled here as its packer fills them:
 * `{reference-instance}` of a list with the list's number, `{fileName}` of an image with the id of a relationship
 * added to document.xml.rels.
 */
import { strFromU8, unzipSync, Zip, ZipDeflate } from 'fflate';
import { Packer, Paragraph, TextRun, type File, type XmlComponent } from 'docx';

const MARKER = 'apiloom-body-goes-here';
/** The paragraph in the frame that the streamed body replaces. */
export const bodyMarker = () => new Paragraph({ children: [new TextRun(MARKER)] });

/** How much XML is gathered before it is deflated: larger pushes compress better, smaller ones hold less. */
const PUSH_BYTES = 1 << 20;
const IMAGE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** A value docx writes as text or as an attribute's value. */
type Scalar = string | number | boolean;
type Attributes = Record<string, Scalar | null | undefined>;
/** docx's formatted form of an element, as its packer writes it: `{ name: [{ _attr }, ...children | text] }`. */
type Xmlable = Record<string, Scalar | { _attr?: Attributes } | (Xmlable | { _attr: Attributes } | Scalar)[] | null | undefined>;

/** docx escapes text and attributes alike (quotes too) and drops the control characters XML cannot hold. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };
// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 cannot hold, dropped as docx drops them
const escape = (value: Scalar) => String(value).replace(/[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g, (c) => ESCAPES[c] ?? '');

/** The XML of one formatted element, the same markup docx's packer writes (without its declaration). */
export function xmlOf(node: Xmlable): string {
  const name = Object.keys(node)[0]!;
  const value = node[name];
  let attributes = '';
  let content = '';
  let text = false;
  const attribute = (attrs: Attributes) => {
    for (const [key, v] of Object.entries(attrs)) if (v !== undefined && v !== null) attributes += ` ${key}="${escape(v)}"`;
  };
  if (value === null || value === undefined) return `<${name}/>`;
  if (typeof value !== 'object') return `<${name}>${escape(value)}</${name}>`;
  if (Array.isArray(value)) {
    for (const child of value) {
      if (typeof child !== 'object') {
        content += escape(child);
        text = true;
      } else if ('_attr' in child && Object.keys(child)[0] === '_attr') attribute(child._attr as Attributes);
      else content += xmlOf(child);
    }
  } else if (value._attr) attribute(value._attr);
  return content || text ? `<${name}${attributes}>${content}</${name}>` : `<${name}${attributes}/>`;
}

/** A deflated zip whose bytes are taken as they are made. */
function zipWriter() {
  let made: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else made.push(chunk);
  });
  return {
    zip,
    /** The bytes made since the last call, as one piece (undefined when none). */
    take(): Uint8Array | undefined {
      if (failed) throw failed;
      if (!made.length) return undefined;
      const piece = made.length === 1 ? made[0]! : Buffer.concat(made);
      made = [];
      return piece;
    },
  };
}

/**
 * The docx of `doc` (which holds `bodyMarker()` where the body goes) with `body` in place of the marker, in pieces.
 * `body` is asked for one section's elements at a time, after the pieces before it were taken.
 */
export async function* streamDocx(doc: File, body: Iterable<readonly XmlComponent[]>): AsyncGenerator<Uint8Array> {
  const frame = strFromU8(unzipSync(new Uint8Array(await Packer.toBuffer(doc)))['word/document.xml']!);
  const at = frame.indexOf(MARKER);
  const start = Math.max(frame.lastIndexOf('<w:p>', at), frame.lastIndexOf('<w:p ', at));
  const end = frame.indexOf('</w:p>', at) + '</w:p>'.length;
  if (at < 0 || start < 0) throw new Error('the Word frame lost its body marker');

  const out = zipWriter();
  const documentXml = new ZipDeflate('word/document.xml', { level: 6 });
  out.zip.add(documentXml);
  let pending: string[] = [];
  let pendingBytes = 0;
  const push = (xml: string, final = false) => {
    pending.push(xml);
    pendingBytes += xml.length;
    if (pendingBytes < PUSH_BYTES && !final) return;
    documentXml.push(Buffer.from(pending.join(''), 'utf8'), final);
    pending = [];
    pendingBytes = 0;
  };
  push(frame.slice(0, start));

  // The packer's placeholders, filled as it fills them: lists by their numbers, images by relationships of their own.
  const context = { file: doc, viewWrapper: doc.Document, stack: [] };
  /** Each image the body shows: its relationship's id and its file under word/media/, by docx's key for it. */
  const images = new Map<string, { id: string; fileName: string }>();
  for (const section of body) {
    const xml = section.map((element) => xmlOf(element.prepForXml(context as never) as Xmlable)).join('');
    // What the section's lists and images are called, read once it is laid out (ids of a section before stay).
    const lists = new Map(
      doc.Numbering.ConcreteNumbering.map((n) => [
        n.restartedListId === undefined ? `${n.reference}-${n.instance}` : `${n.reference}-restart ${n.restartedListId}`,
        String(n.numId),
      ]),
    );
    const media = new Map(doc.Media.Entries.map(([key, image]) => [key, image.fileName]));
    push(
      xml.replace(/\{([^{}]+)\}/g, (placeholder, key: string) => {
        const list = lists.get(key);
        if (list !== undefined) return list;
        const fileName = media.get(key);
        if (fileName === undefined) return placeholder;
        if (!images.has(key)) images.set(key, { id: `Image${images.size + 1}`, fileName });
        return images.get(key)!.id;
      }),
    );
    const piece = out.take();
    if (piece) yield piece;
  }
  push(frame.slice(end), true);

  // The frame's other parts, packed again now that the body has added its links, lists and images.
  const parts = unzipSync(new Uint8Array(await Packer.toBuffer(doc)));
  for (const [path, bytes] of Object.entries(parts)) {
    if (path === 'word/document.xml') continue;
    let data = bytes;
    if (path === 'word/_rels/document.xml.rels' && images.size) {
      const added = [...images.values()]
        .map(({ id, fileName }) => `<Relationship Id="rId${id}" Type="${IMAGE_RELATIONSHIP}" Target="media/${fileName}"/>`)
        .join('');
      data = Buffer.from(strFromU8(bytes).replace('</Relationships>', `${added}</Relationships>`), 'utf8');
    }
    const entry = new ZipDeflate(path, { level: 6 });
    out.zip.add(entry);
    entry.push(data, true);
  }
  out.zip.end();
  const rest = out.take();
  if (rest) yield rest;
}
