import { Link } from 'react-router';

import { LegalPage } from '@/components/layouts/legal-page';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

export function PrivacyPolicyRoute() {
  return (
    <LegalPage title="Privacy policy" lastUpdated="November 23, 2026">
      <p>
        Muster helps you prepare a VA disability claim. To do that you tell us about your service,
        your health and your claim. This page explains, in plain language, what we keep, how we
        protect it and what you can ask us to do with it.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>Account details: your name, email address and the plan you chose.</li>
        <li>
          Claim information you enter or upload: conditions, symptoms, treatments, statements,
          decision letters, medical and service records, and your C-file.
        </li>
        <li>
          Statements from people who support your claim (buddy or layman statements), including the
          signer’s name and signature and any file they attach; and the nexus letters you send to
          your doctor, with the doctor’s name and email address and the signed letter they upload.
        </li>
        <li>Your conversations with the Muster assistant.</li>
        <li>
          Basic technical records, such as when you signed in and error reports. We keep the content
          of your claim out of these records. When error reporting is turned on, error reports go to
          our error-tracking provider, Sentry, with the text and form entries on your screen masked
          and without what you sent us.
        </li>
      </ul>
      <p>
        Payments are handled by our payment provider. We never see or store your full card number.
      </p>

      <h2>How we use it</h2>
      <p>
        We use your information only to run Muster for you: to save your work, prepare your
        statements and forms, analyze the letters you upload and answer your questions. When you use
        an AI feature, we send the text needed for that request to the service that produces the
        answer, and nothing more. A decision letter’s summary is written from the facts read from it
        (conditions, outcomes, ratings, dates and deadlines), never from the letter’s text, and only
        if you have agreed to the outside model.
      </p>

      <h2>How we protect it</h2>
      <ul>
        <li>Everything travels between your browser and Muster over an encrypted connection.</li>
        <li>
          In our database, each of these is encrypted on its own with AES-256-GCM: your name, and
          what you send us through the contact form; in each veteran record, the names, Social
          Security number, VA file number, date of birth, address, phone number, email address,
          periods of service, deployments and notes; for each disability, its diagnosis, your
          answers to the claim questions, how it connects to another condition, and the details of
          every record you add to it; every version of your personal statements; the text of each
          decision letter you give us and everything read from it; your nexus letters (their
          details, the facts against the claim and the letter’s text) and the name and email address
          of each doctor you send one to; for each buddy statement, the signer’s name, email
          address, relationship to you and what they saw, their answers, statement, signature and
          contact details, and your notes on it; for each C-file you give us, its file name, the
          text read from each of its pages and the medications and diagnoses found in it; the name,
          email address and phone number of your representative, and the label you give each link
          you share with them; and your chat messages, the assistant’s replies and the titles of
          your conversations.
        </li>
        <li>
          Uploaded files are encrypted with AES-256-GCM as they arrive when we keep them on our own
          servers, or with our cloud storage provider’s server-side AES-256 encryption when we keep
          them there.
        </li>
        <li>
          If you connect VA.gov, the access it grants Muster (VA’s tokens) and your VA identifier
          are each encrypted with AES-256-GCM too, and so is the copy we keep of each claim form you
          file with VA through Muster. Disconnecting deletes the tokens and your VA identifier and
          withdraws the access at VA.
        </li>
        <li>
          We hold the encryption keys ourselves, outside the database; if you run Muster on your own
          computer, its key is generated there. When we replace a key, everything encrypted with the
          old one is re-encrypted.
        </li>
        <li>
          So that lists and search work, a few short labels stay unencrypted: the names of your
          disabilities and conditions, the names of your documents, and the names you give your
          claims. So do your email address (it is how you sign in), your account settings (including
          your time zone and reminder choices), the references VA gives your Intent to File and your
          claims, the dates and kinds of your deadlines and of any Board appeal you record, your
          representative’s organisation, accreditation number and POA code, and which records each
          link you share reaches, when it expires and when and from which network it was opened.
        </li>
        <li>
          Only you can see your claim. Our staff look at it only if you ask for help. Someone you
          ask for a buddy statement sees only your first name, the condition and what you asked; a
          doctor you send a nexus letter to sees your first name, the condition and the draft
          letter, and nothing else. A representative you share a link with sees only the records you
          chose, until the link expires or you revoke it; records of drug or alcohol treatment, HIV
          or sickle cell are left out unless you tick each one, and every opening of the link is
          shown to you.
        </li>
      </ul>

      <h2>What we never do</h2>
      <ul>
        <li>We do not sell your information, and we do not share it for advertising.</li>
        <li>We do not file anything with VA or anyone else on your behalf without your action.</li>
      </ul>

      <h2>Your choices</h2>
      <ul>
        <li>You can see and correct your details on your Account page at any time.</li>
        <li>You can download the documents Muster prepared for you.</li>
        <li>
          You can ask us to delete your account. We then delete your claim information and files,
          except for the billing records the law requires us to keep.
        </li>
      </ul>

      <h2>Not legal advice</h2>
      <p>
        Muster is a self-help tool. It is not affiliated with or endorsed by the U.S. Department of
        Veterans Affairs, and nothing in it is legal or medical advice. Accredited Veterans Service
        Organizations (VSOs) can help you with your claim for free.
      </p>

      <h2>Questions</h2>
      <p>
        For questions about your privacy, or to ask for your data to be deleted, use the contact
        details on the <a href={env.SITE_URL}>Muster website</a>. See also our{' '}
        <Link to={paths.terms.getHref()}>terms of use</Link>.
      </p>
    </LegalPage>
  );
}
