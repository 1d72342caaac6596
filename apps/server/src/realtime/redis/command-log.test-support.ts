import type { Redis } from "ioredis";

/**
 * For tests: the names of the commands `client` sends from now on, in the order it sends them
 * (scripts included: EVALSHA, EVAL), as they leave for Redis.
 */
export function recordCommands(client: Redis): string[] {
  const sent: string[] = [];
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command, stream) => {
    sent.push(command.name);
    return send(command, stream);
  }) as typeof send;
  return sent;
}
