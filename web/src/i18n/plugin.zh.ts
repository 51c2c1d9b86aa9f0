/** The plug-in's texts: the /testplugin page and the plug-in transport's failures. */
export const pluginZh = {
  title: '浏览器插件',
  intro:
    '插件让接口测试从你的浏览器直接发送：可以访问本机、内网，以及不支持跨域（CORS）的接口。它只接受本站页面的请求，每个目标地址在第一次发送时由你允许。',
  checking: '正在检查插件…',
  installed: '插件已安装（版本 {{version}}）',
  notInstalled: '没有检测到插件',
  granted: '已允许访问的地址',
  noneGranted: '还没有允许任何地址：第一次发送到某个地址时，插件会弹出窗口请你允许。',
  install: '如何安装',
  download: '下载插件安装包',
  steps: {
    download: '点击上方按钮下载插件安装包（zip 文件），把它解压到电脑上一个固定的文件夹（插件会一直从这个文件夹运行，请不要删除）。',
    open: '在 Chrome 或 Edge 中打开 chrome://extensions，打开右上角的“开发者模式”。',
    load: '点击“加载已解压的扩展程序”，选择刚才解压出来的文件夹。',
    reload: '安装后刷新本页。',
  },
  recheck: '重新检查',
  tryTitle: '试一试',
  url: '地址',
  send: '通过插件发送',
  result: '{{status}} {{statusText}} · {{size}} 字节 · {{ms}} 毫秒',
  truncated: '响应超过 5 MB，只保留了前 5 MB',
  errors: {
    notInstalled: '没有检测到插件：请先安装插件（见“浏览器插件”页），或改用代理发送',
    notGranted: '请在插件弹出的窗口中允许访问 {{origin}}，然后重新发送',
    timeout: '目标 28 秒内未响应',
    unreachable: '插件无法连接目标（{{detail}}）',
    invalid: '插件不能发送这个请求（地址或请求头无效）',
    failed: '插件出错（{{detail}}）',
  },
};
