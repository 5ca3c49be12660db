/** The bot's login QR code, drawn on the terminal (stderr) with a line in both languages. */
import QRCode from 'qrcode';

export async function printQr(text: string): Promise<void> {
  process.stderr.write(`${await QRCode.toString(text, { type: 'terminal', small: true })}\n`);
  process.stderr.write('Scan this code with WeChat on your phone to log in the bot. 用微信扫描二维码登录。\n');
}
