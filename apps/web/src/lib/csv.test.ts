import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV cells", () => {
  it("leaves plain text, numbers and booleans as they are", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rlf")).toBe('"cr\rlf"');
  });

  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tTAB", '=HYPERLINK("http://x")'])(
    "neutralises a formula-like cell %j with a leading apostrophe",
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("quotes a neutralised cell that also holds a comma", () => {
    expect(csvCell("=A1,B1")).toBe('"\'=A1,B1"');
  });

  it("does not touch negative numbers given as numbers", () => {
    expect(csvCell(-1)).toBe("-1");
  });
});

describe("CSV files", () => {
  it("writes a header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["Id", "Name"],
        [
          ["1", "A, B"],
          ["2", ""],
        ],
      ),
    ).toBe('Id,Name\r\n1,"A, B"\r\n2,\r\n');
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv(["Metric", "Value"], [])).toBe("Metric,Value\r\n");
  });
});
