import { fromPromise } from 'xstate';
import { ir21ClearanceFormMachine } from '../../machines/ir21-clearance-form.machine';
import { separationFormMachine } from '../../machines/separation-form.machine';
import { separationPanelMachine } from '../../machines/separation-panel.machine';
import type { Ir21ClearanceBody } from '../domain/ir21';
import type { Toast } from '../domain/messages/toast';
import type { Separation, SeparationBody } from '../domain/separation';
import { saveFile } from './download';
import { provideLoad } from './load.actors';

export interface SeparationPanelEffects {
  separation: {
    get(userId: number): Promise<Separation | null>;
    create(userId: number, body: SeparationBody): Promise<Separation>;
    acknowledge(userId: number): Promise<Separation>;
    withdraw(userId: number): Promise<Separation>;
    kets(userId: number): Promise<{ blob: Blob; fileName: string; missing: string[] }>;
    ir21(userId: number, year: number, format: 'pdf' | 'csv'): Promise<{ blob: Blob; fileName: string }>;
    clearIr21(userId: number, body: Ir21ClearanceBody): Promise<Separation>;
  };
  notify: (toast: Toast) => void;
  save?: (blob: Blob, fileName: string) => void;
}

/** The Separation panel's effects: the separation's requests, the KETs PDF saved, and toasts. */
export function provideSeparationPanel(effects: SeparationPanelEffects) {
  const { separation, notify } = effects;
  const save = effects.save ?? saveFile;
  return separationPanelMachine.provide({
    actors: {
      load: provideLoad((userId: number) => separation.get(userId)),
      form: separationFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => {
            const { userId, manage: _, ...body } = input;
            return separation.create(userId, body);
          }),
        },
        actions: { notify: (_: unknown, toast: Toast) => notify(toast), navigate: () => {} },
      }),
      clearanceForm: ir21ClearanceFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => {
            const { userId, ...body } = input;
            return separation.clearIr21(userId, body);
          }),
        },
        actions: { notify: (_: unknown, toast: Toast) => notify(toast), navigate: () => {} },
      }),
      downloadIr21: fromPromise(async ({ input }) => {
        const file = await separation.ir21(input.userId, input.year, input.format);
        save(file.blob, file.fileName);
      }),
      acknowledge: fromPromise(({ input }) => separation.acknowledge(input.userId)),
      withdraw: fromPromise(({ input }) => separation.withdraw(input.userId)),
      downloadKets: fromPromise(async ({ input }) => {
        const file = await separation.kets(input.userId);
        save(file.blob, file.fileName);
        return file.missing;
      }),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

export type SeparationPanelLogic = ReturnType<typeof provideSeparationPanel>;
