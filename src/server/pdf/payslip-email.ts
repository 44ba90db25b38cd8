import { randomBytes } from 'node:crypto';
import { encodeWord, encodeWords, foldLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';
import { type PayslipPdfData, renderPayslipPdf } from './payslip';

/** A payslip e-mail as the PDF thread composes it: the message's fields and the payslip it attaches. */
export interface PayslipEmailData {
  payslip: PayslipPdfData;
  /**
   * The password the attached PDF opens with (the company protects e-mailed payslips: issue 34), or
   * null for an open PDF. Never logged; the owner password is made here, a random secret per PDF.
   */
  password: string | null;
  message: {
    /** The sender (the mailer's MAIL_FROM address, the company's name); none for a test's mailer. */
    from: { name: string; address: string } | undefined;
    to: string;
    subject: string;
    text: string;
    messageId: string;
    /** The PDF's file name: ASCII letters, digits and dashes (payslip-2026-03-42.pdf). */
    filename: string;
  };
}

/**
 * Draws the payslip and composes its e-mail, here in the PDF thread (issue 33): a text part and the
 * PDF attached, as one multipart/mixed message (RFC 2045/2046, headers as RFC 5322 has them), with
 * nodemailer's own encoders for what may be in any script: the sender's name (RFC 2047 words), the
 * subject and the text (quoted-printable). nodemailer's MailComposer took 0.5 to 1.5 ms a message
 * for this fixed shape (its streams and header handling); the attachment's base64 is written
 * here straight into the message's one buffer. Answers the message's bytes (CRLF line ends, no line
 * over 76 characters) and the PDF's size.
 */
export async function composePayslipEmail({ payslip, password, message }: PayslipEmailData) {
  const pdf = await renderPayslipPdf(
    payslip,
    password === null
      ? undefined
      : { userPassword: password, ownerPassword: randomBytes(32).toString('base64url') },
  );
  const boundary = `payslip-${randomBytes(12).toString('hex')}`;
  const body = message.text.replace(/\r?\n/g, '\r\n');
  const plain = isPlainText(body) && !body.split('\r\n').some((line) => line.length > 76);
  const head = [
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    ...(message.from ? [header('From', `${nameOf(message.from.name)} <${message.from.address}>`)] : []),
    `To: ${message.to}`,
    header('Subject', encodeWords(message.subject, 'Q', 52)),
    `Message-ID: ${message.messageId}`,
    `Date: ${new Date().toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Transfer-Encoding: ${plain ? '7bit' : 'quoted-printable'}`,
    '',
    plain ? body : wrapQuotedPrintable(quotedPrintable(body), 76),
    `--${boundary}`,
    `Content-Type: application/pdf; name=${message.filename}`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename=${message.filename}`,
    '',
    '',
  ].join('\r\n');
  const tail = `--${boundary}--\r\n`;
  const headBytes = Buffer.byteLength(head);
  const encodedBytes = Math.ceil(pdf.byteLength / 3) * 4;
  const lines = Math.ceil(encodedBytes / LINE);
  const bytes = Buffer.allocUnsafeSlow(headBytes + encodedBytes + 2 * lines + tail.length);
  bytes.write(head, 0, 'utf8');
  // The base64 is written in one piece at the end of its part, then each line moved forward to its
  // place with its CRLF: encoding line by line took six times as long.
  const encoded = headBytes + 2 * lines;
  bytes.write(pdf.toString('base64'), encoded, 'latin1');
  let at = headBytes;
  for (let start = encoded; start < encoded + encodedBytes; start += LINE) {
    const end = Math.min(start + LINE, encoded + encodedBytes);
    bytes.copyWithin(at, start, end);
    at += end - start;
    at = bytes.writeUInt16BE(0x0d0a, at);
  }
  bytes.write(tail, at, 'latin1');
  return { message: bytes, pdfBytes: pdf.byteLength };
}

/** Characters of a base64 line: 76, the most RFC 2045 allows. */
const LINE = 76;

/** A header folded at 76 characters (RFC 5322 section 2.2.3). */
const header = (name: string, value: string) => foldLines(`${name}: ${value}`, 76).trimEnd();

/** A display name as a phrase: bare when only letters, digits and spaces, else quoted, else encoded words. */
function nameOf(name: string) {
  if (/^[\w ]*$/.test(name)) return name;
  if (/^[\x20-\x7e]*$/.test(name)) return quoteString(name);
  return encodeWord(name, 'Q', 52);
}
