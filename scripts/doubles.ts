// `npx tsx scripts/doubles.ts`: the providers' doubles on fixed local ports, for trying the live clients without
// leaving the machine. It prints the environment to start the console with and the values for the config screens.
import { startS3Double } from './doubles/s3.js';
import { startAliyunSmsDouble, startTencentSmsDouble } from './doubles/sms.js';
import { startMiniAppDouble } from './doubles/wechat-miniapp.js';
import { startWechatMpDouble } from './doubles/wechat-mp.js';

const base = Number(process.env.DOUBLES_PORT ?? 9400);
const [mp, aliyun, tencent, s3, miniApp] = await Promise.all([
  startWechatMpDouble({ port: base }),
  startAliyunSmsDouble({ port: base + 1 }),
  startTencentSmsDouble({ port: base + 2 }),
  startS3Double({ port: base + 3 }),
  startMiniAppDouble({ port: base + 4 }),
]);
mp.fans.push({
  openid: 'oDoubleFan0',
  nickname: '测试粉丝',
  subscribe_time: Math.floor(Date.now() / 1000),
  subscribe_scene: 'ADD_SCENE_QR_CODE',
});

console.log(`Start the console with:
  MP_PLATFORM=wechat MP_API_BASE=${mp.url} SMS_GATEWAY=live SMS_ALIYUN_ENDPOINT=${aliyun.url} SMS_TENCENT_ENDPOINT=${tencent.url} MINIAPP_LOGIN=wechat MINIAPP_APPID=${miniApp.appId} MINIAPP_SECRET=${miniApp.appSecret} MINIAPP_API_BASE=${miniApp.url} npm start

公众号管理: AppID ${mp.appId}, AppSecret ${mp.appSecret}
短信配置 (阿里云 or 腾讯云): accessKey ${aliyun.accessKey}, secretKey ${aliyun.secretKey}, 签名 ${aliyun.approvedSigns.join('/')}, 腾讯云 SdkAppId 1400000000
小程序: a wx.login code from ${miniApp.url}/double/wx.login?openid=<openid>, a phone code from ${miniApp.url}/double/getPhoneNumber?phone=<number>
对象存储 (minio): 资源地址 ${s3.url}, accessKey ${s3.accessKey}, secretKey ${s3.secretKey}, 空间名 ${s3.bucket}
Texts the doubles take are printed below; Ctrl-C stops them.`);

setInterval(() => {
  for (const [name, double] of [
    ['阿里云', aliyun],
    ['腾讯云', tencent],
  ] as const) {
    for (const text of double.sent.splice(0)) console.log(`${name} → ${text.phone}: ${JSON.stringify(text.params)}`);
  }
}, 1000);
