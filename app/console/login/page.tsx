import type { Metadata } from "next";
import { Suspense } from "react";
import { LoginForm } from "@/console/pages/auth-forms";

export const metadata: Metadata = { title: "Log in" };

export default function LoginPage() {
  return (
    <Suspense>
      <LoginForm />
    </Suspense>
  );
}
