import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { ContactLines, EmailLink } from '../components/ContactLines';
import type { StaticContent } from './types';

/** English static pages: about, terms of use, privacy policy, account deletion. */
export const en: StaticContent = {
  about: {
    title: 'About rides',
    body: (
      <>
        <p>
          rides is a planner for multi-day trips. Instead of starting from a blank page, you start from a trip
          that someone has already planned and travelled – the days, the attractions, the places to sleep –
          and make it yours.
        </p>

        <h2>For travellers</h2>
        <ul>
          <li>Find a shared trip to the place you are going and take it as your base.</li>
          <li>
            Copy it to your list and edit your own copy: add or remove attractions, move them between days,
            change the length of the trip and add where you sleep each night.
          </li>
          <li>See every day on a map and start navigation to each stop straight from your phone.</li>
          <li>
            The last trip you opened stays available offline, for the places where there is no reception.
          </li>
          <li>When you are back, share your trip so the next traveller can start from it.</li>
        </ul>

        <h2>For professional trip planners</h2>
        <p>Guides, travel agents and independent planners use rides to deliver trips to their clients:</p>
        <ul>
          <li>Build a trip once and use it as a template for the next client.</li>
          <li>
            Send the client a private link that opens in the phone&apos;s browser – there is no app to
            install.
          </li>
          <li>Decide who may open a trip, how many people one link admits and whether they may copy it.</li>
          <li>Run a branded portal on your own sub-domain, with your logo and colours.</li>
          <li>Export a trip to PDF for clients who like paper.</li>
        </ul>

        <h2>Who we are</h2>
        <p>
          rides is made in Israel by a small team of travellers and developers. The product speaks Hebrew
          first and English just as well. We read every message we receive.
        </p>

        <h2>Contact us</h2>
        <ContactLines
          phoneLabel="Phone"
          emailLabel="Email"
          hours="Sunday to Thursday, 9:00–17:00 Israel time"
        />
        <p>You can also write to us with the contact form – the button is at the bottom of every page.</p>
      </>
    ),
  },

  terms: {
    title: 'Terms of use',
    updated: 'Last updated: July 2025',
    body: (
      <>
        <p>
          These terms apply to everyone who uses the rides website and service (&quot;the service&quot;). By
          using the service you agree to them. If you do not agree, please do not use the service.
        </p>

        <h2>1. The service</h2>
        <p>
          rides lets people view, copy, plan and share multi-day trips, and lets professional trip planners
          deliver trips to their clients by link.
        </p>

        <h2>2. Content is public and is not professional advice</h2>
        <p>
          Trips, descriptions of attractions, opening hours, prices, ratings and accommodation details on the
          service are published by users and planners and are shared publicly, for general information only.
          They are not professional advice of any kind – not travel, safety, legal, medical or financial
          advice. Before you rely on a detail that matters (opening hours, entry requirements, road and
          weather conditions, safety), check it with the official source. You are responsible for your trip
          and for the decisions you make.
        </p>

        <h2>3. Providers are responsible for their own content</h2>
        <p>
          Users, planners and third-party providers – for example ticket and hotel booking sites that a trip
          links to – are solely responsible for the content they publish or supply and for the services they
          offer. A booking made through a link to another site is between you and that site, under its terms.
        </p>

        <h2>4. Your content</h2>
        <p>
          You keep the rights to what you publish. When you share a trip publicly, you allow other users to
          view it, copy it and edit their own copy, and you allow us to show it on the service. Do not publish
          content you have no right to share, other people&apos;s personal details without their consent, or
          anything unlawful, misleading or offensive.
        </p>

        <h2>5. We may delete content</h2>
        <p>
          The company may remove, edit or hide any content, and may suspend or close an account, at its
          discretion – in particular content that breaks these terms or the law, or following a complaint.
        </p>

        <h2>6. Accounts and private links</h2>
        <p>
          Keep your password to yourself; you are responsible for what is done with your account. Private trip
          links are personal: forwarding one may let other people see the trip, and planners may limit how
          many people a link admits.
        </p>

        <h2>7. Availability and liability</h2>
        <p>
          The service is provided &quot;as is&quot;. We work to keep it available and accurate, but we do not
          promise that it will be uninterrupted or free of errors. As far as the law allows, the company is
          not liable for indirect or consequential damage arising from the use of the service or from reliance
          on content published on it.
        </p>

        <h2>8. Changes to these terms</h2>
        <p>
          We may update these terms from time to time. The date at the top shows the current version; using
          the service after a change means you accept the updated terms.
        </p>

        <h2>9. Law and contact</h2>
        <p>
          These terms are governed by the laws of the State of Israel. Questions about them: <EmailLink />.
        </p>
      </>
    ),
  },

  privacy: {
    title: 'Privacy policy',
    updated: 'Last updated: March 2025',
    body: (
      <>
        <p>
          This policy explains what information rides collects, why we collect it and what choices you have.
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and password (stored only as a one-way
            hash). If you sign in with Google or Facebook, we receive your name and email address from them.
          </li>
          <li>
            <strong>Trips and content you create:</strong> trips, attractions, accommodation details, notes
            and the photos you upload. Photos may carry the place and time they were taken; we use these to
            put them on your trip.
          </li>
          <li>
            <strong>Device and sign-in details:</strong> when you sign in or register we record your screen
            size, time zone and browser languages with the time of sign-in. We use them to keep accounts safe,
            for example to notice one account used from an unusual number of devices.
          </li>
          <li>
            <strong>Messages</strong> you send us through the contact form.
          </li>
        </ul>

        <h2>Cookies and local storage</h2>
        <p>
          We use your browser&apos;s local storage to keep you signed in (a sign-in token, your user name and
          role), to remember your language and your cookie choice, and to keep the last trip you opened
          available offline. This storage is needed for the service to work. With your consent we also use
          analytics cookies, described below. You can clear cookies and local storage in your browser settings
          at any time; you will then be signed out.
        </p>

        <h2>Analytics and a session-behaviour tool</h2>
        <p>
          We use an analytics service to understand, in aggregate, how the service is used: which pages are
          visited, how visitors arrive and which features they use. We also use a session-behaviour tool that
          records interactions such as clicks, scrolling and moving between pages, so that we can find and fix
          places where the product is hard to use. What you type in password fields is never recorded. These
          tools are run by third parties that process the data on our behalf.
        </p>

        <h2>How we use information</h2>
        <ul>
          <li>To provide the service and improve it.</li>
          <li>To keep accounts and trips secure.</li>
          <li>To answer your messages and send service emails, such as password reset links.</li>
        </ul>
        <p>We do not sell personal information.</p>

        <h2>Who can see what</h2>
        <p>
          Trips you share publicly can be seen and copied by other users. Private trips can be seen only by
          the people who were given access. We share data with service providers – hosting, email delivery,
          analytics – only as far as needed to run the service, or when the law requires it.
        </p>

        <h2>Keeping and deleting data</h2>
        <p>
          We keep your information while your account is active. You can ask us to delete your account and
          data at any time; see <Link to={PATHS.deleteUser}>Delete your account</Link>.
        </p>

        <h2>Your rights and contact</h2>
        <p>
          You may ask to see, correct or delete the personal information we hold about you by writing to{' '}
          <EmailLink />.
        </p>
      </>
    ),
  },

  deleteUser: {
    title: 'Delete your account and data',
    body: (
      <>
        <p>
          To delete your rides account and the personal information connected to it, send an email to{' '}
          <EmailLink subject="Delete my account" /> from the address you registered with, with the subject
          &quot;Delete my account&quot;. Write the name on the account; there is no need to give a reason.
        </p>

        <h2>What happens next</h2>
        <ol>
          <li>
            We check that the request comes from the owner of the account; we may reply to your address to
            confirm.
          </li>
          <li>
            Within 30 days we delete your account, your sign-in details, your private trips and the records of
            your devices and sign-ins.
          </li>
          <li>
            Trips you shared publicly that other people copied: the copies belong to them, and your name is
            removed from the original.
          </li>
          <li>We email you when the deletion is complete.</li>
        </ol>
        <p>
          Some records may be kept where the law requires it, for example billing records of professional
          planners. Questions: <EmailLink />.
        </p>
      </>
    ),
  },
};
