import * as z from 'zod/mini';

/**
 * GET /payslips/ir8a/ais-check (issue 32.13): what would stop the year's IRAS AIS file, each problem
 * with the employee to fix it on (userId 0: the company's particulars).
 */
export const aisProblemSchema = z.object({
  userId: z.number(),
  name: z.string(),
  field: z.string(),
  message: z.string(),
});
export type AisProblem = z.infer<typeof aisProblemSchema>;

export const aisCheckSchema = z.object({
  year: z.number(),
  employees: z.number(),
  problems: z.array(aisProblemSchema),
});
export type AisCheck = z.infer<typeof aisCheckSchema>;

/** The problems by whom they are fixed on, in the order the check told them (the company first when it has any). */
export function aisProblemsByPerson(problems: readonly AisProblem[]) {
  const people = new Map<number, { userId: number; name: string; messages: string[] }>();
  for (const problem of problems) {
    const person = people.get(problem.userId) ?? { userId: problem.userId, name: problem.name, messages: [] };
    person.messages.push(problem.message);
    people.set(problem.userId, person);
  }
  return [...people.values()].sort((a, b) => (a.userId === 0 ? -1 : b.userId === 0 ? 1 : 0));
}
