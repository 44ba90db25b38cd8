import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// The default solid teal and green (600) give white text a contrast of about 3.5:1; WCAG AA asks
// 4.5:1 for body text, so solid buttons and success toasts use the 700 shades. Error text (red 500,
// 3.8:1 on white) uses red 600 (4.8:1).
const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
