/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
export const authTexts = {
  signInTitle: "Sign In",
  magicLinkTitle: "Sign in with Magic Link",
  signUpTitle: "Create an Account",
  signingUpAs: "I am signing up as a...",
  name: "Name",
  email: "Email",
  password: "Password",
  confirmPassword: "Confirm Password",
  signInButton: "Sign In",
  signUpButton: "Create Account",
  sendMagicLink: "Send Magic Link",
  magicLinkSent: (email: string) => `A sign-in link has been sent to ${email}`,
  completeMagicLink: "Complete Sign-In (Demo)",
  differentEmail: "Send to a different email",
  useMagicLink: "Sign in with Magic Link",
  usePassword: "Sign in with Password",
  needAccount: "Create an Account",
  haveAccount: "Already have an account? Sign In",
  demoAccounts: "Demo accounts",
  demoPassword: (password: string) => `Password for all: ${password}`,
  signOut: "Sign Out",
} as const;
