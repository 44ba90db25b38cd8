import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The worked vectors kept beside this file (their source: vectors/README.md), so a plain clone runs them. */
const vectorsDirectory = new URL('./vectors/', import.meta.url);

const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, vectorsDirectory), 'utf8'));

/** Dollars with at most two decimals, as the vector files write them, to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

const cpfVectorSchema = z.object({
  id: z.string(),
  period: z.string().regex(/^\d{4}-\d{2}$/),
  residency: z.string(),
  ageBand: z.string(),
  birthDate: z.string().optional(),
  ordinaryWage: z.number(),
  additionalWage: z.number(),
  owYearToDateBefore: z.number(),
  awYearToDateBefore: z.number().default(0),
  expected: z.object({ total: z.number(), employee: z.number(), employer: z.number() }),
  note: z.string(),
});
export type CpfVector = z.infer<typeof cpfVectorSchema>;

const shgVectorSchema = z.object({
  id: z.string(),
  fund: z.string(),
  totalWage: z.number(),
  expected: z.number(),
});

const sdlVectorSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), kind: z.literal('per-employee'), totalWage: z.number(), expected: z.number() }),
  z.object({
    id: z.string(),
    kind: z.literal('batch'),
    totalWages: z.array(z.number()),
    expectedSum: z.number(),
    expectedTotalPayable: z.number(),
  }),
]);

export const cpfVectors = z.array(cpfVectorSchema).parse(readJson('cpf.json'));
export const shgVectors = z.array(shgVectorSchema).parse(readJson('shg.json'));
export const sdlVectors = z.array(sdlVectorSchema).parse(readJson('sdl.json'));
