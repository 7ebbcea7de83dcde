/** Words of the second security round (issue 19) that a person or a client can read. */
export const securityTexts = {
  controlCharacter: "The request holds a control character, which no field accepts.",
  nestedTooDeep: "The request body is nested more than 64 levels deep, which no field accepts.",
  demoThisMachineOnly:
    "The demo's sign-in without a password only works on the computer running Ringside. Sign in with an account instead.",
} as const;
