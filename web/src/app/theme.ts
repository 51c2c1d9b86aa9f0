import type { ThemeConfig } from 'antd';

/**
 * The brand on the kit. Secondary texts are darker than antd's defaults so every text keeps a 4.5:1 contrast
 * (axe runs in the e2e suite); tables and the tree are compact where density matters.
 */
export const theme: ThemeConfig = {
  cssVar: { key: 'apiloom' },
  hashed: false,
  token: {
    // Readers who ask their system for less motion get none: menus, dialogs and tabs appear at once.
    motion: !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches),
    colorPrimary: '#5b5bd6',
    colorLink: '#4646b8',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    colorBgLayout: '#f6f7fb',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff' },
    Table: { cellPaddingBlockSM: 4, cellPaddingInlineSM: 6 },
    Tree: { titleHeight: 26 },
    Menu: { itemHeight: 38 },
    // A select's placeholder is page text to axe (an input's is not): it keeps the 4.5:1 contrast.
    Select: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' },
  },
};
