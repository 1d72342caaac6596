import { readFileSync, writeFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { MEDIA_ERROR, MEDIA_MAX_BYTES, SAFETY_TEXT, TEXT } from "@chatsphere/contract";
import { expect, test } from "./fixtures";
import { messageBox, newVisitor } from "./room-helpers";
import { signUpViaApi } from "./sessions";
import { matchStrangers } from "./stranger-helpers";

/*
 * Photos, videos and voice notes in every chat mode: they go through the one conversation
 * component, so the stranger chat and a room are driven the same way. Stranger tests match in
 * their worker's region (stranger-helpers.ts), so parallel tests never pair with each other.
 */

const COVER_PNG = "e2e/assets/cover.png";
const coverBytes = readFileSync(COVER_PNG);
/** A PNG's size sits in its IHDR chunk, bytes 16 to 24. */
const COVER_SIZE = { width: coverBytes.readUInt32BE(16), height: coverBytes.readUInt32BE(20) };

/** Half a second of a 440 Hz tone: a real, playable WAV of a few kilobytes. */
function toneWav(seconds = 0.5, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), 44 + i * 2);
  }
  return wav;
}

const fileInput = (page: Page) => page.getByTestId("attach-input");

/** The newest image on the page has loaded for real (not a broken-image icon). */
async function expectLoadedImage(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
}

/** HTMLMediaElement.HAVE_METADATA: the duration is known. */
const HAVE_METADATA = 1;

/** The audio player has the file's metadata, and it plays (muted: no autoplay policy). */
async function expectPlayableAudio(audio: Locator) {
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState))
    .toBeGreaterThanOrEqual(HAVE_METADATA);
  const duration = await audio.evaluate((el: HTMLAudioElement) => el.duration);
  expect(duration).toBeGreaterThan(0.3);
  const played = await audio.evaluate(async (el: HTMLAudioElement) => {
    el.muted = true;
    await el.play();
    return true;
  });
  expect(played).toBe(true);
}

test.describe("media in stranger chat", () => {
  test("a picture sent with the file picker shows as an image, its size reserved, full size on click", async ({
    page,
    browser,
  }) => {
    const other = await matchStrangers(page, browser);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: TEXT.attachFile }).click();
    await (await chooser).setFiles(COVER_PNG);

    // A stranger's photo waits behind a cover until shown (issue 14; e2e/safety.spec.ts).
    await other.getByRole("button", { name: SAFETY_TEXT.showMedia, exact: true }).click();
    const received = other.getByAltText(TEXT.sharedImage).last();
    await expectLoadedImage(received);
    // The server's width and height reach the element, so the list reserves the box.
    await expect(received).toHaveAttribute("width", String(COVER_SIZE.width));
    await expect(received).toHaveAttribute("height", String(COVER_SIZE.height));
    await expectLoadedImage(page.getByAltText(TEXT.sharedImage).last());
    await expect(page.getByTestId("upload")).toHaveCount(0);

    // The full image opens in a dialog that the keyboard closes.
    await received.click();
    const lightbox = other.getByRole("dialog", { name: TEXT.sharedImage });
    await expectLoadedImage(lightbox.getByAltText(TEXT.sharedImage));
    await other.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);
    await other.context().close();
  });

  test("a voice note arrives as an audio player the other side can play", async ({
    page,
    browser,
  }) => {
    const other = await matchStrangers(page, browser);
    await fileInput(page).setInputFiles({
      name: "voice-note.wav",
      mimeType: "audio/wav",
      buffer: toneWav(),
    });
    await expectPlayableAudio(other.getByLabel(TEXT.sharedAudio).last());
    await other.context().close();
  });

  test("an oversized file is refused with the contract's text and nothing is sent", async ({
    page,
    browser,
  }) => {
    const other = await matchStrangers(page, browser);
    const sends: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/rpc\/message\/(uploadMedia|send)$/.test(pathname)) sends.push(pathname);
    });
    // A file on disk, not a buffer: a buffer of 10 MB crosses to the browser as base64, which
    // took over 50 s on a busy 2-core CI machine; a local path is handed over as it is.
    const huge = test.info().outputPath("huge.png");
    writeFileSync(huge, Buffer.alloc(MEDIA_MAX_BYTES.image + 1));
    await fileInput(page).setInputFiles(huge);
    const limitMb = MEDIA_MAX_BYTES.image / (1024 * 1024);
    await expect(page.getByText(MEDIA_ERROR.tooLarge("image", limitMb))).toBeVisible();
    await expect(page.getByTestId("upload")).toHaveCount(0);
    expect(sends).toEqual([]);
    await expect(page.getByTestId("message")).toHaveCount(0);
    await expect(other.getByTestId("message")).toHaveCount(0);

    // Files go one after another: a picture picked next is uploaded and sent only once what
    // came before it is done. Once it is in, and the tray is empty, the big file never went.
    await fileInput(page).setInputFiles(COVER_PNG);
    await expect(other.getByTestId("covered-media")).toHaveCount(1);
    await expect(page.getByTestId("upload")).toHaveCount(0);
    expect(sends.filter((pathname) => pathname.endsWith("/uploadMedia"))).toHaveLength(1);
    await expect(page.getByTestId("message")).toHaveCount(1);
    await expect(other.getByTestId("message")).toHaveCount(1);
    await other.context().close();
  });

  test("a picture dropped on the conversation or pasted into the box is sent too", async ({
    page,
    browser,
  }) => {
    const other = await matchStrangers(page, browser);
    const picture = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
      return transfer;
    }, coverBytes.toString("base64"));

    await page.getByRole("log", { name: "Conversation" }).dispatchEvent("dragenter", {
      dataTransfer: picture,
    });
    await expect(page.getByText(TEXT.dropToSend)).toBeVisible();
    await page.getByText(TEXT.dropToSend).dispatchEvent("drop", { dataTransfer: picture });
    // A stranger's photos wait behind a cover; this chat shows them all from now on.
    await other.getByRole("button", { name: SAFETY_TEXT.alwaysShowMedia }).click();
    await expect(other.getByAltText(TEXT.sharedImage)).toHaveCount(1);

    await messageBox(page).evaluate((box, transfer) => {
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true }));
    }, picture);
    await expect(other.getByAltText(TEXT.sharedImage)).toHaveCount(2);
    await expectLoadedImage(other.getByAltText(TEXT.sharedImage).last());
    // The pasted picture did not land in the text box as text.
    await expect(messageBox(page)).toHaveValue("");
    await other.context().close();
  });
});

test.describe("media in a room", () => {
  test("registered users in a global room: a picture and a voice note reach the other member", async ({
    page,
    browser,
  }) => {
    const other = await newVisitor(browser);
    await signUpViaApi(page);
    await signUpViaApi(other);
    await page.goto("/chat?tab=chat-rooms");
    await page.getByRole("button", { name: /Music/ }).first().click();
    await expect(messageBox(page)).toBeEnabled();
    const roomId = new URL(page.url()).searchParams.get("roomId");
    await other.goto(`/chat/room/${roomId}`);
    await expect(messageBox(other)).toBeEnabled();
    // Each run starts on an empty data directory, and no other test writes in this room.
    await fileInput(page).setInputFiles(COVER_PNG);
    await expectLoadedImage(other.getByAltText(TEXT.sharedImage).last());
    await expect(page.getByTestId("upload")).toHaveCount(0);

    await fileInput(page).setInputFiles({
      name: "voice-note.wav",
      mimeType: "audio/wav",
      buffer: toneWav(),
    });
    await expectPlayableAudio(other.getByLabel(TEXT.sharedAudio).last());
    await other.context().close();
  });
});
