/**
 * The secret key the sign-up answer carried, held in memory between the sign-up form and the
 * overview that shows it once. Never stored: a reload, or leaving the overview, forgets it.
 */
let held: string | null = null;

export const holdSignupSecret = (value: string) => {
  held = value;
};
export const peekSignupSecret = () => held;
export const forgetSignupSecret = () => {
  held = null;
};
