// Recognising attachments by their bytes: what is accepted, what is refused, and the stored name.
import { describe, expect, it } from 'vitest';
import { attachmentFilename, detectAttachmentType, zipEntryNames } from './attachment-type.ts';
import { TINY_PDF, TINY_PNG, TINY_XLSX, zipOf } from './treasury-test-kit.ts';

describe('detectAttachmentType', () => {
  it('accepts PDF, PNG, JPEG, WEBP, XLSX and CSV by content', () => {
    expect(detectAttachmentType(TINY_PDF)).toBe('application/pdf');
    expect(detectAttachmentType(TINY_PNG)).toBe('image/png');
    expect(detectAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(detectAttachmentType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
    expect(detectAttachmentType(TINY_XLSX)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(detectAttachmentType(Buffer.from('date,amount,memo\r\n2025-01-02,10.00,"Fuel, 20 l"\r\n'))).toBe('text/csv');
    expect(detectAttachmentType(Buffer.from('\ufeffTaariikh;Lacag\n2025-01-02;10,00\n'))).toBe('text/csv');
    // Windows-1252 as exported by a spreadsheet: "Name,City\nCafé,Muqdisho".
    expect(detectAttachmentType(Buffer.concat([Buffer.from('Name,City\nCaf'), Buffer.from([0xe9]), Buffer.from(',Muqdisho\n')]))).toBe('text/csv');
    expect(detectAttachmentType(Buffer.from('"Memo\nwith a line break"\tAmount\n"x"\t1\n'))).toBe('text/csv');
  });

  it('refuses everything else, whatever it is called', () => {
    const refused = [
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'), // no end-of-file marker
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('  <?xml version="1.0"?><a/>'),
      Buffer.from('name,"unclosed\n'),
      Buffer.from('just text pretending to be a PDF'),
      Buffer.from('\nsingle column\n1\n2\n'),
      Buffer.from('a,b\n\x00\x01binary'),
      Buffer.from('MZ\x90\x00\x03'),
      zipOf({ 'word/document.xml': '<w/>', '[Content_Types].xml': '<Types/>' }), // a DOCX
      zipOf({ 'evil.exe': 'MZ' }),
      Buffer.concat([TINY_XLSX.subarray(0, TINY_XLSX.length - 22)]), // no end of central directory
      Buffer.alloc(0),
      Buffer.from('   \r\n'),
    ];
    for (const buf of refused) expect(detectAttachmentType(buf), buf.subarray(0, 20).toString('latin1')).toBeNull();
  });

  it('reads the names in a ZIP central directory and refuses a truncated one', () => {
    expect(zipEntryNames(TINY_XLSX)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml']);
    const broken = Buffer.from(TINY_XLSX);
    broken.writeUInt32LE(0xffffff, broken.length - 6); // central directory offset past the end
    expect(zipEntryNames(broken)).toBeNull();
  });

  it('keeps a safe file name with the extension of the real type', () => {
    expect(attachmentFilename('C:\\fakepath\\receipt.PDF', 'application/pdf')).toBe('receipt.pdf');
    expect(attachmentFilename('../../etc/passwd', 'text/csv')).toBe('passwd.csv');
    expect(attachmentFilename('statement".exe', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('statement.xlsx');
    expect(attachmentFilename(undefined, 'image/jpeg')).toBe('attachment.jpg');
    expect(attachmentFilename('Rasiidka bangiga.jpeg', 'image/jpeg')).toBe('Rasiidka bangiga.jpg');
  });
});
