/**
 * The Luhn check digit (ISO/IEC 7812) of card numbers made by the `$luhn:` stamp (gift cards): pure,
 * shared by the server and the tests.
 */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  // From the rightmost digit of the body, every other digit (starting with it) is doubled.
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a number (check digit last) passes the Luhn check. */
export function luhnValid(cardNo: string): boolean {
  return /^[0-9]{2,}$/.test(cardNo) && luhnCheckDigit(cardNo.slice(0, -1)) === cardNo.slice(-1);
}
