import { screen } from "@testing-library/react";
import { useState } from "react";
import { expect, test, vi } from "vitest";
import { DEFAULT_REGION, TEXT, VALIDATION, type Region } from "@chatsphere/contract";
import { renderWithProviders } from "@/test/render";
import { StartForm } from "./start-form";

/** The form as the stranger tab holds it: the name typed lives in the tab's state. */
function Form(props: { ready: boolean; busy?: boolean; onStart(name: string): void }) {
  const [name, setName] = useState("");
  const [region, setRegion] = useState<Region>(DEFAULT_REGION);
  return (
    <StartForm
      name={name}
      onNameChange={setName}
      region={region}
      onRegionChange={setRegion}
      ready={props.ready}
      busy={props.busy ?? false}
      onlineCount={2}
      onStart={props.onStart}
    />
  );
}

test("Start needs a name: disabled while the name is empty or blank", async () => {
  const onStart = vi.fn();
  const { user } = await renderWithProviders(<Form ready onStart={onStart} />);
  const start = screen.getByRole("button", { name: "Start" });
  expect(start).toBeDisabled();
  await user.type(screen.getByLabelText("Your name"), "   ");
  expect(start).toBeDisabled();
  await user.type(screen.getByLabelText("Your name"), "Ada");
  expect(start).toBeEnabled();
  await user.click(start);
  expect(onStart).toHaveBeenCalledWith("Ada");
});

test("a name with control characters says why and keeps Start disabled", async () => {
  const { user } = await renderWithProviders(<Form ready onStart={() => {}} />);
  await user.click(screen.getByLabelText("Your name"));
  await user.paste("Ada\u0007");
  expect(screen.getByLabelText("Your name")).toHaveAccessibleDescription(
    expect.stringContaining(VALIDATION.nameInvalidCharacters),
  );
  expect(screen.getByRole("button", { name: "Start" })).toBeDisabled();
});

test("until the channel is ready the button reads 'Connecting...' and is disabled", async () => {
  const { user } = await renderWithProviders(<Form ready={false} onStart={() => {}} />);
  await user.type(screen.getByLabelText("Your name"), "Ada");
  expect(screen.getByRole("button", { name: TEXT.connecting })).toBeDisabled();
  expect(screen.queryByRole("button", { name: "Start" })).not.toBeInTheDocument();
  expect(screen.getByText(TEXT.onlineCount(2))).toBeVisible();
});
