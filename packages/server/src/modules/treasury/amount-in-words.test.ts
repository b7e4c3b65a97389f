// amountInWords: a table of amounts in English and Somali, as printed on cheques.
import { describe, expect, it } from 'vitest';
import { amountInWords, englishNumber, somaliNumber } from '@ubo/contracts';

describe('amountInWords', () => {
  const cases: Array<[string, string, string]> = [
    ['1250.50', 'One thousand two hundred fifty dollars and fifty cents', 'Kun iyo laba boqol iyo konton doollar iyo konton senti'],
    ['1.00', 'One dollar', 'Hal doollar'],
    ['0.01', 'Zero dollars and one cent', 'Eber doollar iyo hal senti'],
    ['0.99', 'Zero dollars and ninety-nine cents', 'Eber doollar iyo sagaal iyo sagaashan senti'],
    ['2', 'Two dollars', 'Laba doollar'],
    ['10', 'Ten dollars', 'Toban doollar'],
    ['11', 'Eleven dollars', 'Kow iyo toban doollar'],
    ['12.05', 'Twelve dollars and five cents', 'Laba iyo toban doollar iyo shan senti'],
    ['19', 'Nineteen dollars', 'Sagaal iyo toban doollar'],
    ['20', 'Twenty dollars', 'Labaatan doollar'],
    ['21', 'Twenty-one dollars', 'Kow iyo labaatan doollar'],
    ['37', 'Thirty-seven dollars', 'Toddoba iyo soddon doollar'],
    ['48', 'Forty-eight dollars', 'Siddeed iyo afartan doollar'],
    ['66', 'Sixty-six dollars', 'Lix iyo lixdan doollar'],
    ['70', 'Seventy dollars', 'Toddobaatan doollar'],
    ['83', 'Eighty-three dollars', 'Saddex iyo siddeetan doollar'],
    ['95', 'Ninety-five dollars', 'Shan iyo sagaashan doollar'],
    ['100', 'One hundred dollars', 'Boqol doollar'],
    ['101', 'One hundred one dollars', 'Boqol iyo kow doollar'],
    ['250', 'Two hundred fifty dollars', 'Laba boqol iyo konton doollar'],
    ['999.99', 'Nine hundred ninety-nine dollars and ninety-nine cents', 'Sagaal boqol iyo sagaal iyo sagaashan doollar iyo sagaal iyo sagaashan senti'],
    ['1000', 'One thousand dollars', 'Kun doollar'],
    ['1001', 'One thousand one dollars', 'Kun iyo kow doollar'],
    ['2000', 'Two thousand dollars', 'Laba kun doollar'],
    ['2024', 'Two thousand twenty-four dollars', 'Laba kun iyo afar iyo labaatan doollar'],
    ['15300', 'Fifteen thousand three hundred dollars', 'Shan iyo toban kun iyo saddex boqol doollar'],
    ['125000', 'One hundred twenty-five thousand dollars', 'Boqol iyo shan iyo labaatan kun doollar'],
    ['700000.10', 'Seven hundred thousand dollars and ten cents', 'Toddoba boqol kun doollar iyo toban senti'],
    ['1000000', 'One million dollars', 'Malyuun doollar'],
    ['1001000', 'One million one thousand dollars', 'Malyuun iyo kun doollar'],
    ['2500000', 'Two million five hundred thousand dollars', 'Laba malyuun iyo shan boqol kun doollar'],
    ['3000000000', 'Three billion dollars', 'Saddex bilyan doollar'],
    ['5000000000000', 'Five trillion dollars', 'Shan kun bilyan doollar'],
    [
      '9999999999999999.99',
      'Nine quadrillion nine hundred ninety-nine trillion nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine dollars and ninety-nine cents',
      'Sagaal malyuun iyo sagaal boqol iyo sagaal iyo sagaashan kun iyo sagaal boqol iyo sagaal iyo sagaashan bilyan iyo sagaal boqol iyo sagaal iyo sagaashan malyuun iyo sagaal boqol iyo sagaal iyo sagaashan kun iyo sagaal boqol iyo sagaal iyo sagaashan doollar iyo sagaal iyo sagaashan senti',
    ],
  ];

  it.each(cases)('%s -> English and Somali', (amount, en, so) => {
    expect(amountInWords(amount, 'en')).toBe(en);
    expect(amountInWords(amount, 'so')).toBe(so);
  });

  it('writes every Somali number word of the catalogue', () => {
    const words = ['kow', 'laba', 'saddex', 'afar', 'shan', 'lix', 'toddoba', 'siddeed', 'sagaal'];
    words.forEach((w, i) => {
      expect(somaliNumber(String(i + 1))).toBe(w);
    });
    const tens = ['toban', 'labaatan', 'soddon', 'afartan', 'konton', 'lixdan', 'toddobaatan', 'siddeetan', 'sagaashan'];
    tens.forEach((w, i) => {
      expect(somaliNumber(String((i + 1) * 10))).toBe(w);
    });
    expect(somaliNumber('100')).toBe('boqol');
    expect(somaliNumber('1000')).toBe('kun');
    expect(somaliNumber('1000000')).toBe('malyuun');
    expect(englishNumber('0')).toBe('zero');
  });

  it('takes exact decimals, rounds cents half up, and names the currency', () => {
    expect(amountInWords('0.105', 'en')).toBe('Zero dollars and eleven cents');
    expect(amountInWords('1250.5', 'so')).toBe('Kun iyo laba boqol iyo konton doollar iyo konton senti');
    expect(amountInWords('500', 'en', 'SOS')).toBe('Five hundred shillings');
    expect(amountInWords('500', 'so', 'SOS')).toBe('Shan boqol shilin');
    expect(amountInWords('1', 'en', 'KES')).toBe('One KES');
    expect(() => amountInWords('-1', 'en')).toThrow(RangeError);
  });
});
