import { notFoundEverywhere } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundEverywhere();
