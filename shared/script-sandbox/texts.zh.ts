/**
 * Chinese texts the request scripts' sandbox writes into a run's result (warnings and errors), in i18next syntax.
 * They travel with the sandbox (in the browser's Web Worker, the CLI and the server), not with the app's resources:
 * the sandbox formats them itself. texts.en.ts has the same keys. Errors thrown by a script itself (and chai's assertion messages) are shown as
 * the engine wrote them, in English, as Postman does.
 */
export const scriptsZh = {
  unsupported: '不支持 {{name}}，已忽略',
  responseInPre: 'pm.response 只能在后置脚本中使用',
  requestReadOnly: '请求已发送，后置脚本不能修改 pm.request，修改已忽略',
  atLine: '{{message}}（第 {{line}} 行）',
  timeout: '脚本未在 {{ms}} 毫秒内结束',
  memory: '脚本使用的内存超过 {{mb}} MB',
  stackOverflow: '栈溢出：脚本嵌套过深',
  neverSettles: '脚本在等待一个永远不会完成的操作（脚本中没有定时器和网络）',
  testNeedsFunction: 'pm.test 的第二个参数应为函数',
  testUnfinished: '测试未完成',
  badRequest: '脚本修改后的请求无效：{{detail}}',
  sandboxFailed: '脚本沙箱出错，请重试',
  logsCut: '日志过多，只保留前 {{count}} 条',
  changesTooLarge: '脚本写入的内容超过 {{mb}} MB，其改动未被采用',
};
