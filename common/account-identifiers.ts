/**
 * Sign-in identifiers: an e-mail address or a phone number. Both are normalised the same way when an account
 * is created and when someone signs in, so that `Demo@Navimow.example ` and `+49 151 1234-5678` find it.
 */

export type AccountIdentifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(input: string): string | undefined {
  const email = input.trim().toLowerCase();
  return EMAIL.test(email) && email.length <= 254 ? email : undefined;
}

/** E.164: a `+` (or the `00` international prefix) and 8 to 15 digits; spaces, dashes, dots and brackets ignored. */
export function normalisePhone(input: string): string | undefined {
  const compact = input.trim().replace(/[\s().-]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{7,14}$/.test(international) ? international : undefined;
}

export function parseIdentifier(input: string): AccountIdentifier | undefined {
  if (input.includes('@')) {
    const email = normaliseEmail(input);
    return email ? { kind: 'email', value: email } : undefined;
  }
  const phone = normalisePhone(input);
  return phone ? { kind: 'phone', value: phone } : undefined;
}
