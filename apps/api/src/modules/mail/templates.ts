import { escapeHtml as escape } from '@muster/contract/html';
import type { Mail } from './mailer.ts';

export const DISCLAIMER =
  'Muster is not affiliated with or endorsed by the U.S. Department of Veterans Affairs. Nothing here is legal advice. Accredited Veterans Service Organizations (VSOs) can help you with your claim for free.';

/** Muster's branded HTML shell: table layout and inline styles, which mail clients need. */
export function layout(options: { preheader: string; body: string; appUrl: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Muster</title></head>
<body style="margin:0;padding:0;background:#f4f1ea;font-family:Arial,Helvetica,sans-serif;color:#1b2a3a">
<span style="display:none;max-height:0;overflow:hidden">${escape(options.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ea;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#1b2a3a;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold;letter-spacing:1px">MUSTER</td></tr>
<tr><td style="padding:28px">${options.body}</td></tr>
<tr><td style="padding:16px 28px;background:#eae6da;font-size:12px;line-height:18px;color:#3d4a57">
${escape(DISCLAIMER)}<br><a href="${escape(options.appUrl)}" style="color:#1b2a3a">${escape(options.appUrl)}</a>
</td></tr></table></td></tr></table></body></html>`;
}

/** The sign-in code mail. The code is the only secret in it and appears once in each part. */
export function signInCodeMail(options: {
  to: string;
  code: string;
  appUrl: string;
  minutes: number;
}): Mail {
  const text = [
    'Your Muster sign-in code',
    '',
    `Enter this code to sign in: ${options.code}`,
    '',
    `It works once and expires in ${options.minutes} minutes.`,
    "If you didn't ask for it, you can ignore this email; nobody can sign in without the code.",
    '',
    DISCLAIMER,
  ].join('\n');
  const html = layout({
    preheader: `Your sign-in code expires in ${options.minutes} minutes.`,
    appUrl: options.appUrl,
    body: `<h1 style="margin:0 0 12px;font-size:20px">Your sign-in code</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:22px">Enter this code to sign in to Muster:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace">${escape(options.code)}</p>
<p style="margin:0 0 8px;font-size:14px;line-height:20px">It works once and expires in ${options.minutes} minutes.</p>
<p style="margin:0;font-size:13px;line-height:20px;color:#3d4a57">If you didn't ask for it, you can ignore this email; nobody can sign in without the code.</p>`,
  });
  return { to: options.to, subject: 'Your Muster sign-in code', text, html };
}

/** A contact-form message for the team. Reply-To is not set: the sender's address is in the body. */
export function contactMail(options: {
  to: string;
  id: string;
  from: { name: string; email: string; topic: string; message: string };
}): Mail {
  const { from } = options;
  const text = [
    `From: ${from.name} <${from.email}>`,
    `Topic: ${from.topic}`,
    `Reference: ${options.id}`,
    '',
    from.message,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2a3a">
<h1 style="font-size:18px">Contact form: ${escape(from.topic)}</h1>
<p><strong>From:</strong> ${escape(from.name)} &lt;${escape(from.email)}&gt;<br><strong>Reference:</strong> ${escape(options.id)}</p>
<pre style="white-space:pre-wrap;font-family:inherit">${escape(from.message)}</pre></body></html>`;
  return {
    to: options.to,
    subject: `[Muster contact] ${from.topic} from ${from.name}`,
    text,
    html,
  };
}

/**
 * A veteran's request for a lay statement, sent to the witness. The link is the only secret in it
 * and appears once in each part; it names the veteran by first name only.
 */
export function layStatementLinkMail(options: {
  to: string;
  witnessName: string;
  veteranFirstName: string;
  condition: string;
  link: string;
  days: number;
  appUrl: string;
}): Mail {
  const { veteranFirstName: veteran, condition } = options;
  const text = [
    `Hello ${options.witnessName},`,
    '',
    `${veteran} asks you for a statement about their ${condition}, for their VA disability claim.`,
    'What you have seen yourself helps VA understand how the condition affects them.',
    '',
    `Open this link to read the questions and write your statement: ${options.link}`,
    '',
    `The link works once and expires in ${options.days} days. Please do not forward it.`,
    '',
    DISCLAIMER,
  ].join('\n');
  const html = layout({
    preheader: `${veteran} asks you for a statement supporting their VA claim.`,
    appUrl: options.appUrl,
    body: `<h1 style="margin:0 0 12px;font-size:20px">A statement for ${escape(veteran)}</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:22px">Hello ${escape(options.witnessName)}, ${escape(veteran)} asks you for a statement about their ${escape(condition)}, for their VA disability claim. What you have seen yourself helps VA understand how the condition affects them.</p>
<p style="margin:0 0 16px"><a href="${escape(options.link)}" style="display:inline-block;background:#1b2a3a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Write your statement</a></p>
<p style="margin:0;font-size:13px;line-height:20px;color:#3d4a57">The link works once and expires in ${options.days} days. Please do not forward it.</p>`,
  });
  return {
    to: options.to,
    subject: `${veteran} asks you for a statement for their VA claim`,
    text,
    html,
  };
}

/**
 * A veteran's request to their physician to review and sign a nexus letter. The link is the only
 * secret in it and appears once in each part; it names the veteran by first name only. The mail
 * carries no attachment: the draft is read and printed from the link's page.
 */
export function nexusProviderRequestMail(options: {
  to: string;
  providerName: string;
  veteranFirstName: string;
  condition: string;
  link: string;
  days: number;
  appUrl: string;
}): Mail {
  const { veteranFirstName: veteran, condition } = options;
  const text = [
    `Hello ${options.providerName},`,
    '',
    `${veteran}, your patient, asks you to review and sign a medical opinion (a nexus letter) about their ${condition}, for their VA disability claim.`,
    'The draft is written for you to read, correct and sign only if it states your own medical opinion.',
    '',
    `Open this link to read and print the draft, then upload the signed copy (PDF, JPEG or PNG): ${options.link}`,
    '',
    `The link works for ${options.days} days and takes one upload. Please do not forward it.`,
    '',
    DISCLAIMER,
  ].join('\n');
  const html = layout({
    preheader: `${veteran} asks you to review and sign a medical opinion for their VA claim.`,
    appUrl: options.appUrl,
    body: `<h1 style="margin:0 0 12px;font-size:20px">A nexus letter for ${escape(veteran)}</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:22px">Hello ${escape(options.providerName)}, ${escape(veteran)}, your patient, asks you to review and sign a medical opinion (a nexus letter) about their ${escape(condition)}, for their VA disability claim. The draft is written for you to read, correct and sign only if it states your own medical opinion.</p>
<p style="margin:0 0 16px"><a href="${escape(options.link)}" style="display:inline-block;background:#1b2a3a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Read the draft and upload the signed letter</a></p>
<p style="margin:0;font-size:13px;line-height:20px;color:#3d4a57">The link works for ${options.days} days and takes one upload (PDF, JPEG or PNG). Please do not forward it.</p>`,
  });
  return {
    to: options.to,
    subject: `${veteran} asks you to sign a medical opinion for their VA claim`,
    text,
    html,
  };
}
