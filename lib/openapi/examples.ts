/** Whole example answers for the API reference; tests check each against its response schema. */
export const SESSION_LIST_EXAMPLE = {
  sessions: [
    {
      id: "sess_8k2m4q9x7c1v",
      status: "delivered",
      mode: "live",
      created_with: "secret",
      metadata: { order: "A-1001" },
      created_at: "2026-11-25T10:00:00.000Z",
      expires_at: "2026-11-25T10:15:00.000Z",
      result: {
        url: "https://scan.example/v1/files/file_3n5p7r9t1v2x?exp=1795600000000&sig=Qm9vZ3VzU2lnbmF0dXJl",
        page_count: 2,
        bytes: 98513,
        content_type: "application/pdf",
        pages: [],
      },
      redacted: false,
      redacted_at: null,
    },
  ],
  next_cursor: "WyIyMDI2LTExLTI1VDEwOjAwOjAwLjAwMFoiLCJzZXNzXzhrMm00cTl4N2MxdiJd",
};
