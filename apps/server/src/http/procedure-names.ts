/** A contract procedure (oRPC marks each with this key); anything else is a router. */
const isProcedure = (value: object) => "~orpc" in value;

function collect(router: object, path: string[], into: Set<string>) {
  for (const [key, value] of Object.entries(router)) {
    if (typeof value !== "object" || value === null) continue;
    if (isProcedure(value)) into.add([...path, key].join("."));
    else collect(value, [...path, key], into);
  }
}

/**
 * The contract's procedures by their dotted name (`message.send`), and the name a request URL
 * calls. A URL that names no procedure is "unknown": rate limits key on the name, and a
 * client must not be able to mint new counters with made-up paths.
 */
export function procedureNames(contract: object, prefix: string) {
  const known = new Set<string>();
  collect(contract, [], known);
  return {
    known,
    nameOf(url: string | undefined): string {
      const pathname = (url ?? "").split("?")[0] ?? "";
      if (!pathname.startsWith(`${prefix}/`)) return "unknown";
      const name = pathname
        .slice(prefix.length + 1)
        .split("/")
        .join(".");
      return known.has(name) ? name : "unknown";
    },
  };
}
