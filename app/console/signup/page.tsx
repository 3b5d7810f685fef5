import type { Metadata } from "next";
import { Suspense } from "react";
import { SignupForm } from "@/console/pages/auth-forms";

export const metadata: Metadata = { title: "Sign up" };

export default function SignupPage() {
  return (
    <Suspense>
      <SignupForm />
    </Suspense>
  );
}
