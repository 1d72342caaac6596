import { Globe2, Play } from "lucide-react";
import { useId, type FormEvent } from "react";
import { profileSchema, REGIONS, TEXT, type Region } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { OnlineCount } from "./online-count";

interface StartFormProps {
  name: string;
  onNameChange(name: string): void;
  region: Region;
  onRegionChange(region: Region): void;
  /** The user's channel is subscribed: events about the match can reach us. */
  ready: boolean;
  busy: boolean;
  onlineCount: number;
  onStart(name: string): void;
}

/** Name, continent and Start (SPEC §2): Start needs a name and a region. */
export function StartForm(props: StartFormProps) {
  const regionId = useId();
  const checked = profileSchema.shape.name.safeParse(props.name);
  const error =
    props.name.length > 0 && !checked.success ? checked.error.issues[0]?.message : undefined;
  const canStart = props.ready && !props.busy && checked.success;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canStart) props.onStart(checked.data ?? props.name.trim());
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold tracking-tight">Meet someone new</h2>
        <p className="text-sm text-muted-foreground">
          One click pairs you with a random person. Skip to the next whenever you like.
        </p>
      </div>
      <FormField label="Your name" error={error} hint="Shown to the people you chat with.">
        <Input
          value={props.name}
          onChange={(e) => props.onNameChange(e.target.value)}
          autoComplete="nickname"
          placeholder="What should we call you?"
        />
      </FormField>
      <div className="grid gap-2">
        <Label htmlFor={regionId}>Region</Label>
        <Select
          value={props.region}
          onValueChange={(value) => props.onRegionChange(value as Region)}
        >
          <SelectTrigger id={regionId}>
            <span className="flex items-center gap-2">
              <Globe2 className="size-4 text-muted-foreground" />
              <SelectValue placeholder="Select a region" />
            </span>
          </SelectTrigger>
          <SelectContent>
            {REGIONS.map((region) => (
              <SelectItem key={region} value={region}>
                {region}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" variant="brand" size="lg" disabled={!canStart} pending={props.busy}>
        {props.ready ? <Play className="size-4 fill-current" /> : null}
        {props.ready ? "Start" : TEXT.connecting}
      </Button>
      <OnlineCount count={props.onlineCount} />
    </form>
  );
}
