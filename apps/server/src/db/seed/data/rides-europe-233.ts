import type { DemoAttraction, DemoRide } from './types.js';

/** Places in the Netherlands and Belgium with English titles and texts (trip 233). */
const P = {
  // ── Amsterdam ──
  damSquare: {
    key: 'en-amsterdam-dam-square',
    title: 'Dam Square',
    text: "The city's main square, with the Royal Palace and the National Monument. Start here, then wander west through the Nine Streets towards the canals.",
    rate: 4.5,
    lat: 52.3731,
    lng: 4.8932,
  },
  anneFrankHouse: {
    key: 'en-amsterdam-anne-frank-house',
    title: 'Anne Frank House',
    text: 'The canal house where Anne Frank hid and wrote her diary. Tickets are sold only online in time slots and go fast – book as soon as they are released.',
    link: 'https://www.annefrank.org/',
    rate: 4.6,
    lat: 52.3752,
    lng: 4.884,
    reviews: [
      {
        author_name: 'Emma V.',
        rating: 5,
        text: 'Quiet, sobering and very well presented. Booking six weeks ahead was essential.',
      },
    ],
  },
  jordaan: {
    key: 'en-amsterdam-jordaan',
    title: 'Jordaan',
    text: 'Narrow canals, brown cafés and independent shops. On Monday morning the Noordermarkt hosts a flea market, and on Saturday an organic farmers’ market.',
    rate: 4.7,
    lat: 52.3775,
    lng: 4.8825,
  },
  rijksmuseum: {
    key: 'en-amsterdam-rijksmuseum',
    title: 'Rijksmuseum',
    text: 'The Dutch national museum, with Rembrandt’s Night Watch and Vermeer’s Milkmaid in the Gallery of Honour. Go at opening and head straight upstairs.',
    link: 'https://www.rijksmuseum.nl/',
    rate: 4.8,
    lat: 52.36,
    lng: 4.8852,
    openingHours: [
      'Monday: 9:00 AM – 5:00 PM',
      'Tuesday: 9:00 AM – 5:00 PM',
      'Wednesday: 9:00 AM – 5:00 PM',
      'Thursday: 9:00 AM – 5:00 PM',
      'Friday: 9:00 AM – 5:00 PM',
      'Saturday: 9:00 AM – 5:00 PM',
      'Sunday: 9:00 AM – 5:00 PM',
    ],
  },
  vanGoghMuseum: {
    key: 'en-amsterdam-van-gogh-museum',
    title: 'Van Gogh Museum',
    text: 'The largest collection of Van Gogh’s work, hung in the order he painted it, so you follow his life from the dark Dutch years to the bright Provence canvases. Timed tickets only.',
    link: 'https://www.vangoghmuseum.nl/',
    rate: 4.7,
    lat: 52.3584,
    lng: 4.8811,
  },
  vondelpark: {
    key: 'en-amsterdam-vondelpark',
    title: 'Vondelpark',
    text: 'Amsterdam’s best-loved park, a few minutes from the museums. Walk it end to end and stop at the round blue tea house by the pond.',
    rate: 4.7,
    lat: 52.358,
    lng: 4.8686,
  },
  zaanseSchans: {
    key: 'en-zaanse-schans',
    title: 'Zaanse Schans',
    text: 'Working windmills, green wooden houses and craft workshops on the river Zaan. Go early, before the tour buses; a few mills can be visited inside for a small fee.',
    rate: 4.5,
    lat: 52.474,
    lng: 4.8167,
  },
  volendam: {
    key: 'en-volendam',
    title: 'Volendam Harbour',
    text: 'A former fishing village on the old Zuiderzee, with a dyke-top promenade of smoked-fish stalls. Try kibbeling or a herring sandwich.',
    rate: 4.4,
    lat: 52.4952,
    lng: 5.072,
  },

  // ── Rotterdam ──
  markthal: {
    key: 'en-rotterdam-markthal',
    title: 'Markthal Rotterdam',
    text: 'A horseshoe-shaped market hall whose inner ceiling is covered by a huge mural of fruit and vegetables. Good for an early lunch before the train south.',
    rate: 4.6,
    lat: 51.92,
    lng: 4.4868,
  },
  cubeHouses: {
    key: 'en-rotterdam-cube-houses',
    title: 'Cube Houses',
    text: 'Piet Blom’s tilted yellow cubes from the 1980s, right next to the Markthal. One is open as a show home, so you can see how furniture fits under slanted walls.',
    rate: 4.4,
    lat: 51.9203,
    lng: 4.4906,
  },

  // ── Brussels ──
  grandPlace: {
    key: 'en-brussels-grand-place',
    title: 'Grand-Place, Brussels',
    text: 'One of Europe’s most beautiful squares, ringed by gilded guild houses and the Gothic town hall. Come back after dark, when the façades are lit.',
    rate: 4.8,
    lat: 50.8467,
    lng: 4.3525,
  },
  galeriesSaintHubert: {
    key: 'en-brussels-galeries-saint-hubert',
    title: 'Royal Galleries of Saint-Hubert',
    text: 'A glass-roofed 19th-century shopping arcade with chocolatiers, a cinema and cafés. A good place to taste pralines before buying.',
    rate: 4.6,
    lat: 50.8478,
    lng: 4.3546,
  },
  mannekenPis: {
    key: 'en-brussels-manneken-pis',
    title: 'Manneken Pis',
    text: 'The tiny bronze statue is famously underwhelming, but he is dressed in a different costume on many days of the year, and the waffle shops around him are the real draw.',
    rate: 4.1,
    lat: 50.845,
    lng: 4.35,
  },
  magritteMuseum: {
    key: 'en-brussels-magritte-museum',
    title: 'Magritte Museum',
    text: 'The world’s largest collection of René Magritte, part of the Royal Museums of Fine Arts on the Mont des Arts. Allow about an hour and a half.',
    rate: 4.5,
    lat: 50.8426,
    lng: 4.3576,
  },
  atomium: {
    key: 'en-brussels-atomium',
    title: 'Atomium',
    text: 'A steel model of an iron crystal built for Expo 58, enlarged 165 billion times. Take the lift to the top sphere for the view across Brussels.',
    link: 'https://www.atomium.be/',
    rate: 4.5,
    lat: 50.8949,
    lng: 4.3415,
  },

  // ── Ghent ──
  stBavo: {
    key: 'en-ghent-st-bavos-cathedral',
    title: "St Bavo's Cathedral, Ghent",
    text: 'Home of the Van Eyck brothers’ Ghent Altarpiece, "The Adoration of the Mystic Lamb", shown with an augmented-reality visitor tour.',
    rate: 4.7,
    lat: 51.053,
    lng: 3.7269,
  },
  graslei: {
    key: 'en-ghent-graslei',
    title: 'Graslei and Korenlei',
    text: 'The medieval guild houses facing each other across the river Leie. Take a short boat trip from here, or sit on the quay with a Belgian beer.',
    rate: 4.8,
    lat: 51.0547,
    lng: 3.721,
  },
  gravensteen: {
    key: 'en-ghent-gravensteen',
    title: 'Gravensteen',
    text: 'A 12th-century castle of the Counts of Flanders in the middle of the city. The audio guide is genuinely funny, and the view from the ramparts is worth the climb.',
    rate: 4.5,
    lat: 51.0573,
    lng: 3.7207,
  },

  // ── Bruges ──
  belfry: {
    key: 'en-bruges-belfry',
    title: 'Markt and the Belfry of Bruges',
    text: '366 steps up the medieval belfry to a view over the rooftops. Entry is by timed ticket and numbers inside are limited, so book for the morning.',
    rate: 4.6,
    lat: 51.2085,
    lng: 3.2248,
  },
  holyBlood: {
    key: 'en-bruges-basilica-of-the-holy-blood',
    title: 'Basilica of the Holy Blood',
    text: 'A double chapel on Burg square: a dark Romanesque lower chapel and a richly decorated upper chapel with a relic venerated for centuries.',
    rate: 4.6,
    lat: 51.2079,
    lng: 3.2262,
  },
  rozenhoedkaai: {
    key: 'en-bruges-rozenhoedkaai',
    title: 'Rozenhoedkaai',
    text: 'The most photographed corner of Bruges, where the canal bends between old houses with the belfry behind. Canal boats leave from jetties nearby.',
    rate: 4.8,
    lat: 51.2065,
    lng: 3.2268,
  },
  groeningemuseum: {
    key: 'en-bruges-groeningemuseum',
    title: 'Groeningemuseum',
    text: 'A compact collection of Flemish Primitives, including Jan van Eyck’s "Madonna with Canon van der Paele". Easy to see in an hour and a half.',
    rate: 4.5,
    lat: 51.2055,
    lng: 3.226,
  },
  begijnhof: {
    key: 'en-bruges-begijnhof',
    title: 'Begijnhof of Bruges',
    text: 'A quiet enclosure of whitewashed houses around a lawn, founded in the 13th century and now home to Benedictine nuns. Please keep your voice down.',
    rate: 4.7,
    lat: 51.2006,
    lng: 3.224,
  },
  minnewater: {
    key: 'en-bruges-minnewater',
    title: 'Minnewater',
    text: 'The "Lake of Love" at the southern edge of the old town, with swans and a short walk on to the railway station.',
    rate: 4.7,
    lat: 51.1988,
    lng: 3.225,
  },
} satisfies Record<string, DemoAttraction>;

/** Trip 233 – Amsterdam and Belgium (English, 8 days); the traveller's active, locked trip. */
export const ride233: DemoRide = {
  id: 233,
  title: 'Amsterdam and Belgium in 8 days',
  text:
    '<p>Eight days by train: <b>three nights in Amsterdam</b> with a day out to the windmills, then Rotterdam on the way to Brussels, Ghent and Bruges.</p>' +
    '<p>Every leg is a short train ride, so there is no need for a car.</p>',
  language: 'english',
  startDate: '2026-11-18',
  party: { adults: 2, teens: 0, children: 0 },
  physicalDisabilities: false,
  author: 'traveller',
  isBasedRide: true,
  isLocked: true,
  isPrivate: false,
  isWhiteLabel: false,
  category: 'active',
  days: [
    // 1 – Amsterdam: Dam, Anne Frank and the Jordaan
    {
      note: 'The train from Schiphol to Amsterdam Centraal takes about 15 minutes. Tap in and out with a contactless bank card.',
      attractions: [
        { ...P.damSquare, time: '14:00' },
        { ...P.anneFrankHouse, time: '16:30' },
        { ...P.jordaan, time: '18:30' },
      ],
    },
    // 2 – Museumplein
    {
      attractions: [
        { ...P.rijksmuseum, time: '09:00' },
        { ...P.vanGoghMuseum, time: '13:30' },
        { ...P.vondelpark, time: '16:30' },
      ],
    },
    // 3 – windmills and the old Zuiderzee
    {
      note: 'Train from Amsterdam Centraal to Zaandijk Zaanse Schans, about 20 minutes. Buses to Volendam leave from the back of Centraal station.',
      attractions: [
        { ...P.zaanseSchans, time: '09:30' },
        { ...P.volendam, time: '14:30' },
      ],
    },
    // 4 – Rotterdam, then Brussels
    {
      attractions: [{ ...P.markthal, time: '11:00' }, P.cubeHouses, { ...P.grandPlace, time: '19:00' }],
    },
    // 5 – Brussels
    {
      attractions: [
        { ...P.galeriesSaintHubert, time: '09:30' },
        P.mannekenPis,
        { ...P.magritteMuseum, time: '11:30' },
        { ...P.atomium, time: '15:00' },
      ],
    },
    // 6 – Ghent, then on to Bruges
    {
      note: 'Brussels to Ghent by train about 35 minutes; Ghent to Bruges another 25 minutes.',
      attractions: [{ ...P.stBavo, time: '10:00' }, P.graslei, { ...P.gravensteen, time: '14:00' }],
    },
    // 7 – Bruges
    {
      attractions: [{ ...P.belfry, time: '09:30' }, P.holyBlood, { ...P.rozenhoedkaai, time: '14:00' }],
    },
    // 8 – last morning in Bruges
    {
      note: 'Direct trains run from Bruges to Brussels Airport in about 1.5 hours.',
      attractions: [{ ...P.groeningemuseum, time: '09:30' }, P.begijnhof, { ...P.minnewater, time: '12:30' }],
    },
  ],
  accommodations: [
    {
      name: 'Pulitzer Amsterdam',
      cuntry_and_city: 'Netherlands, Amsterdam',
      address: 'Prinsengracht 315-331, 1016 GZ Amsterdam',
      text: 'Twenty-five connected 17th- and 18th-century canal houses, a two-minute walk from the Anne Frank House.',
      rate: 4.6,
      lat: 52.3745,
      lng: 4.8844,
      firstDay: 0,
      nights: 3,
      status: 'booked',
      booking_confirmation: 'PUL-7HK2Q9',
    },
    {
      name: 'Hotel Amigo',
      cuntry_and_city: 'Belgium, Brussels',
      address: 'Rue de l’Amigo 1-3, 1000 Brussels',
      text: 'A Rocco Forte hotel one street from the Grand-Place, in a building that was once the city prison.',
      rate: 4.6,
      lat: 50.8463,
      lng: 4.3515,
      firstDay: 3,
      nights: 2,
      status: 'booked',
      booking_confirmation: 'AMG-551-2026-1121',
    },
    {
      name: 'Hotel Dukes’ Palace Bruges',
      cuntry_and_city: 'Belgium, Bruges',
      address: 'Prinsenhof 8, 8000 Brugge',
      text: 'A 15th-century ducal palace turned hotel with a large garden, five minutes from the Markt.',
      rate: 4.6,
      lat: 51.2098,
      lng: 3.2203,
      firstDay: 5,
      nights: 2,
      status: 'booked',
      booking_confirmation: '4471982036',
    },
  ],
  extraInformation: [
    {
      title: 'Trains',
      text: 'In the Netherlands you can simply tap a contactless bank card in and out on trains. In Belgium buy tickets in the SNCB app or at station machines, and book the Rotterdam–Brussels leg (Eurocity Direct or Eurostar) in advance.',
    },
    {
      title: 'November weather',
      text: 'Expect 5–10 °C, wind and short days with sunset around 4:40 pm. Pack a waterproof jacket and plan museum time for the rainy afternoons.',
    },
  ],
};
