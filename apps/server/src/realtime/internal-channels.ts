/** Bus channels between processes that no client can subscribe to (they fail parseChannel). */
export const CONTROL_CHANNEL = "sys:control";
export const PRESENCE_CHANGED_PREFIX = "sys:presence:";
export const presenceChangedChannel = (channel: string) => PRESENCE_CHANGED_PREFIX + channel;
