import { ORPCError } from "@orpc/client";
import { describe, expect, it } from "vitest";
import { MEDIA_ERROR, PERMISSION, TOAST } from "@chatsphere/contract";
import { uploadFailureText } from "./upload-media";

describe("upload failure text", () => {
  it("shows the server's words for too large, wrong type and too many (413, 415, 429)", () => {
    const tooBig = MEDIA_ERROR.tooLarge("video", 50);
    expect(uploadFailureText(new ORPCError("PAYLOAD_TOO_LARGE", { message: tooBig }))).toBe(tooBig);
    expect(
      uploadFailureText(
        new ORPCError("UNSUPPORTED_MEDIA_TYPE", { message: MEDIA_ERROR.typeUnsupported }),
      ),
    ).toBe(MEDIA_ERROR.typeUnsupported);
    expect(
      uploadFailureText(new ORPCError("TOO_MANY_REQUESTS", { message: PERMISSION.rateLimited })),
    ).toBe(PERMISSION.rateLimited);
    // A media refusal keeps its words whatever status it came with.
    expect(uploadFailureText(new ORPCError("BAD_REQUEST", { message: MEDIA_ERROR.empty }))).toBe(
      MEDIA_ERROR.empty,
    );
  });

  it("says 'Failed to send file.' for anything else", () => {
    expect(uploadFailureText(new TypeError("network"))).toBe(TOAST.sendFileFailed);
    expect(uploadFailureText(new ORPCError("FORBIDDEN", { message: "Not a member" }))).toBe(
      TOAST.sendFileFailed,
    );
    expect(uploadFailureText(new ORPCError("INTERNAL_SERVER_ERROR"))).toBe(TOAST.sendFileFailed);
    // A proxy's bare 413 carries only oRPC's stock message, which tells a person nothing.
    expect(uploadFailureText(new ORPCError("PAYLOAD_TOO_LARGE", { status: 413 }))).toBe(
      TOAST.sendFileFailed,
    );
  });
});
