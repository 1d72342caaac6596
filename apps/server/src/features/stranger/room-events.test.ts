import { describe, expect, it } from "vitest";
import { matchedRoom, serverPicture } from "./room-events";

describe("a stranger's picture", () => {
  it("is shown only when this server stores it; any other address becomes the generated avatar", () => {
    expect(serverPicture("/files/avatars/u1/1-me.webp")).toBe("/files/avatars/u1/1-me.webp");
    for (const elsewhere of [
      "https://tracker.example/pixel.png",
      "//tracker.example/a.png",
      "/files/chat/r1/photo.png",
      "/files/avatars/../chat/r1/x.png",
      "data:image/png;base64,AAAA",
      "",
    ]) {
      expect(serverPicture(elsewhere), elsewhere).toBeNull();
    }
    expect(serverPicture(null)).toBeNull();
    const room = matchedRoom(
      "r1",
      { id: "u2", name: "Bob", image: "https://lh3.googleusercontent.com/a/x" },
      "Europe",
    );
    expect(room.partner).toEqual({ id: "u2", name: "Bob", image: null });
  });
});
