import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  datePickerSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme, but only the recipes (component styles) the app uses: all of them would add about
 * 15 KB (gzip) to every page, /login included. A component whose recipe is missing renders unstyled, so the
 * view tests fail on it (tests/views/setup.ts): add its recipe here.
 */
const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      datePicker: datePickerSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      switch: switchSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

// Chakra has no indigo, which the spec gives the ACTIVE status badge; these are the usual indigo shades.
const indigo = {
  50: '#eef2ff',
  100: '#e0e7ff',
  200: '#c7d2fe',
  300: '#a5b4fc',
  400: '#818cf8',
  500: '#6366f1',
  600: '#4f46e5',
  700: '#4338ca',
  800: '#3730a3',
  900: '#312e81',
  950: '#1e1b4b',
};
const shade = (light: number, dark: number) => ({
  value: { _light: `{colors.indigo.${light}}`, _dark: `{colors.indigo.${dark}}` },
});

// The default solid teal and green (600) give white text a contrast of about 3.5:1; WCAG AA asks
// 4.5:1 for body text, so solid buttons and success toasts use the 700 shades. Error text (red 500,
// 3.8:1 on white) uses red 600 (4.8:1).
const appTheme = defineConfig({
  // Someone who asks their system for less motion gets sheets, dialogs and toasts without animation
  // (WCAG 2.3.3); with no animation an overlay also closes at once instead of on its animation's end.
  globalCss: {
    '*, *::before, *::after': {
      _motionReduce: { animation: 'none !important', transition: 'none !important' },
    },
  },
  theme: {
    tokens: {
      colors: { indigo: Object.fromEntries(Object.entries(indigo).map(([k, v]) => [k, { value: v }])) },
    },
    semanticTokens: {
      colors: {
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
        indigo: {
          contrast: { value: { _light: 'white', _dark: 'white' } },
          fg: shade(700, 300),
          subtle: shade(100, 900),
          muted: shade(200, 800),
          emphasized: shade(300, 700),
          solid: shade(600, 600),
          focusRing: shade(500, 500),
          border: shade(500, 400),
        },
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, defaultTheme), appTheme);
