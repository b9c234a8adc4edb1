import { describe, expect, it } from "vitest";
import { foldTerm } from "../../catalog/search/engine/fold.ts";
import { stemOf } from "../../catalog/search/engine/german-stem.ts";
import { familyMembers, WORD_FAMILIES } from "../../catalog/search/word-families.ts";

const stem = (word: string) => stemOf(foldTerm(word));

describe("word families (word-families.ts)", () => {
  it("names each family by stems no other family has", () => {
    // A stem named twice would give the word only the last family's members, silently.
    const keys = WORD_FAMILIES.flatMap(({ words, members }) => [...new Set((words ?? members).map(stem))]);
    expect(keys.filter((key, at) => keys.indexOf(key) !== at)).toEqual([]);
  });

  it("lets every name for one thing find every other, in any spelling a visitor types", () => {
    for (const { words, members } of WORD_FAMILIES) {
      if (words) continue;
      for (const member of members) {
        for (const typed of [member, member.toLowerCase(), foldTerm(member)]) {
          expect(familyMembers(stem(typed)), typed).toEqual(members.map(foldTerm));
        }
      }
    }
  });

  it("gives a family word its members and other words none", () => {
    expect(familyMembers(stem("Fisch"))).toContain("lachs");
    expect(familyMembers(stem("Pilze"))).toContain("champignon");
    expect(familyMembers(stem("Möhren"))).toEqual(expect.arrayContaining(["karotte", "mohre"]));
    expect(familyMembers(stem("Erdäpfel"))).toContain("kartoffel");
    expect(familyMembers(stem("Lachs"))).toEqual([]);
    expect(familyMembers(stem("Topf"))).toEqual([]);
  });
});
