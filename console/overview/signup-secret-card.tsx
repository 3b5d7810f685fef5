"use client";

import { useEffect, useState } from "react";
import { forgetSignupSecret, peekSignupSecret } from "../signup-secret";
import { SecretReveal } from "../ui/secret-reveal";

/** Right after sign-up: the account's test secret key, once, with the same card as a new key. */
export function SignupSecretCard() {
  const [secret, setSecret] = useState(peekSignupSecret);
  useEffect(() => () => forgetSignupSecret(), []);
  if (!secret) return null;
  return (
    <SecretReveal
      title="Your test secret key"
      value={secret}
      copyLabel="Copy secret key"
      onDone={() => {
        forgetSignupSecret();
        setSecret(null);
      }}
      testId="signup-secret"
    >
      Your server uses it to create sessions and read results. Only a hash of it is kept: copy it now and store it where your server reads its settings (an environment variable such as <code>DOCSCAN_SECRET_KEY</code>). If you lose it, create another on the API keys page.
    </SecretReveal>
  );
}
