/** A sign-in or verification code's length: six digits (browser-safe, for the schemas that check it). */
export const CODE_LENGTH = 6
