// A "contains" pattern for ILIKE that treats the user's %, _ and \ as plain characters.
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
