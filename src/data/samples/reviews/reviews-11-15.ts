import type { DemoDocument } from '../types.js';

export const REVIEWS_11_15: readonly DemoDocument[] = [
  {
    id: 'review-11-drill',
    kind: 'review',
    title: 'Torvik 20V brushless drill/driver kit',
    intendedFraming: 'positive',
    turn: 'none',
    text: `I am a hobbyist, not a contractor, so take this for what it is: the opinion of someone who builds furniture in a one-car garage on weekends and does the odd repair around a 1950s house.

I bought the Torvik 20V brushless kit for $139 to replace a corded drill I had used since college. It came with the drill, two 2.0 Ah batteries, a charger and a soft bag. Everything about it feels like a step up.

Power is more than I need. I drove 3-inch deck screws into pressure-treated lumber all afternoon building raised garden beds, without pre-drilling, and the drill never bogged down. The clutch has 21 settings and they are genuinely useful; at setting 6 I could drive small brass screws into cabinet hinges without stripping a single head, which I have never managed with my old drill.

It is light and well balanced. With the small battery attached it weighs just over three pounds, and my wrist did not ache after a long session hanging shelves overhead. The rubber grip is comfortable, and the LED light at the base actually points where the bit is, rather than lighting up the chuck.

Battery life has been excellent. One battery lasted the entire raised-bed project, about 140 screws plus pilot holes for the corner brackets, and still showed two bars of four. The charger refills a battery in about 45 minutes, so with two I have never had to wait.

The half-inch keyless chuck holds bits firmly. I have not had a single bit slip, even with a large spade bit through a 2x6.

My only small gripes: the belt clip is only on one side, which is the wrong side for a left-hander like me, and the bag is flimsy. Neither bothers me much. Torvik's three-year warranty and the fact that their batteries fit a large range of other tools sealed it. This is the best tool purchase I have made in years. Five stars.`,
  },
  {
    id: 'review-12-tv',
    kind: 'review',
    title: 'Lumeo 65-inch U8 QLED television',
    intendedFraming: 'neutral',
    turn: 'mixed',
    text: `I have had the Lumeo 65-inch U8 for about six weeks, bought on a holiday sale for $749 to replace an eight-year-old 55-inch set. I spent a while reading reviews before buying, and many of them were either ecstatic or furious. My experience is somewhere in between, so here is a balanced list.

The picture

Bright scenes look fantastic. The set is noticeably brighter than my old TV and daytime sports in a sunny living room are perfectly watchable with the curtains open. Colors are rich, and with the "Filmmaker" picture mode selected they are also reasonably accurate; skin tones look natural rather than sunburned.

Dark scenes are more of a mixed bag. Black levels are good for a TV at this price, thanks to local dimming, but in a dark room you can see halos, faint glowing clouds around bright objects like subtitles or a moon in a night sky. On a space documentary it was distracting. Turning local dimming down to "low" reduces the halos at the cost of greyer blacks. You have to pick your compromise.

Viewing angles are limited. Anyone sitting more than about 30 degrees off-center sees washed-out colors and lifted blacks. For our living room, where the sofa faces the TV directly, it is fine; for a wide room with seats at the sides it would not be.

Motion and gaming

With the game mode enabled, input lag is low and the 144 Hz support works with our console and PC. Fast games look smooth and responsive. For films, the default motion smoothing produces the "soap opera" effect, but it is easy to turn off. Some judder remains on slow camera pans with smoothing disabled.

Sound

The built-in speakers are thin, as they are on nearly every flat TV. Dialogue is clear with the "speech enhancement" setting on, but there is almost no bass. Plan on a soundbar if you care about audio.

Software

The smart platform is fast and includes every streaming app we use. However, the home screen is crowded with sponsored tiles and auto-playing trailers, and I spent twenty minutes finding and disabling the various data-collection options during setup. The remote is small and simple, which I like, but there is no backlight.

Build

The stand feet are placed near the edges, so you need a wide piece of furniture; our 55-inch-wide console was too narrow and we had to buy a new one for $180. The panel is thin and light enough that two people can mount it easily.

Pros

- Excellent brightness for a bright room
- Good color accuracy in Filmmaker mode
- Low input lag and 144 Hz for gaming
- Fast, complete app selection
- Strong value at the sale price

Cons

- Visible blooming in dark scenes
- Narrow viewing angles
- Weak built-in speakers
- Ad-heavy home screen and aggressive data collection defaults
- Wide-set feet that may not fit your furniture

Overall

This is a solid TV with some clear compromises. At $749 it offers more brightness and better gaming features than most sets in its class, but it is not a replacement for a higher-end TV in a dark home theater. Three stars: good value if its strengths match how you watch, and disappointing if they do not.`,
  },
  {
    id: 'review-13-hiking-boots',
    kind: 'review',
    title: 'Caldera Summit GTX mid hiking boots, men\'s size 11',
    intendedFraming: 'positive',
    turn: 'negative-to-positive',
    text: `Fair warning: the first half of this review is going to sound like I hate these boots. Stick with me, because the story ends somewhere quite different.

The first month

I bought the Caldera Summit GTX in May to replace a pair of trail runners that were fine for day hikes but not for the week-long trip I was planning on a rough section of the Appalachian Trail in August. They cost $219, which is at the upper end of what I usually spend, and I had read that they were comfortable out of the box.

They were not comfortable out of the box. At least not for me.

The first time I wore them around the house for an afternoon, the heel counter rubbed the back of my left heel raw. The following weekend I took them on a modest six-mile loop with about 1,200 feet of climbing and came home with two blisters and a very sore right pinky toe. The toe box felt narrow and the leather was stiff enough that the boot barely flexed at the ball of my foot; going downhill, my toes jammed into the front on every step. The tongue also had a hard seam that pressed on the top of my foot when I laced them tightly.

I also had a bad feeling about the weight. At 2 pounds 9 ounces for the pair, they are noticeably heavier than my trail runners, and after that first hike my legs felt it.

I was ready to return them. The store where I bought them has a generous policy, and I had printed the return label. Then a friend who guides in the White Mountains looked at them and told me I was making three mistakes.

What changed

First, the lacing. I had been tying them the same way I tie running shoes, tight all the way up. She showed me how to use a surgeon's knot at the top of the forefoot eyelets, so the forefoot stays relaxed while the heel and ankle are locked down. Then she taught me a heel-lock loop through the top hooks. The heel slippage that had been causing the blisters stopped almost immediately, and so did the toe-jamming on descents.

Second, the socks. I had been wearing thin cotton athletic socks. I switched to a midweight merino hiking sock with a thin liner, which filled the slightly larger volume of the boot and stopped the rubbing.

Third, patience. She told me to wear them for short walks every day for two weeks, and in total about thirty or forty miles, before judging. The leather needs time to soften and shape itself around your foot. I did that: walking the dog, going to the hardware store, a couple of short hikes on local trails.

By the middle of June the boots felt like a different product. The stiffness that had been so uncomfortable at first became support. The leather had softened across the top of the foot, and the hard tongue seam had flattened out. The heel, locked in with the new lacing, stayed put.

The trip

In August I wore them for eight days and about 92 miles, with long sections of wet rock, roots and mud. Three things stood out.

Waterproofing. On day three we hiked for five hours in steady rain, crossing several streams that came up past the ankle. My feet stayed dry. Not slightly damp, actually dry. On the two very humid days my feet did get warm and a bit sweaty, which is the price of a waterproof membrane, but a change of socks at lunch took care of it.

Grip. The lugged rubber sole gripped wet granite and slick roots better than any shoe I have owned. On the steep descent off the ridge on day six, where two people in our group slipped several times in trail runners, I felt planted on every step.

Support. My ankles, which have a history of rolling, felt protected with a heavy pack of about 34 pounds. At the end of long days my feet were tired, but not sore, and I did not have a single blister in 92 miles.

Durability. After the trip I cleaned off a thick layer of dried mud and inspected them closely. The stitching along the toe rand is intact, the lugs show only light wear at the heel, and the leather took a coat of conditioner without any cracking. One of the metal lacing hooks picked up a scratch from a rock scramble, which is purely cosmetic. Since then I have done another four day hikes in them, including a rocky scramble up a local peak, and they still look and feel close to new. Given how much abuse they took in August, I expect several seasons out of them.

What I would still change

The break-in period should be made clearer by the manufacturer; "comfortable out of the box" set the wrong expectations. The stock insole is thin, and I replaced it with a supportive aftermarket one for $45. The boots are warm, which will be a plus in autumn and a minus in a heat wave. And the weight is real: if you mostly hike well-groomed trails in dry weather, trail runners are lighter and probably enough.

Verdict

After a rough start I have come to love these boots. Once broken in, laced properly and paired with decent socks, they were comfortable, dry, grippy and supportive over a long and wet trip. I nearly returned them, and I am very glad I did not. Four and a half stars, with half a star off for the misleading out-of-the-box claim.`,
  },
  {
    id: 'review-14-e-reader',
    kind: 'review',
    title: 'Folio Glow 7 e-reader',
    intendedFraming: 'positive',
    turn: 'none',
    text: `I read roughly a book a week, mostly novels and history, and I have used three e-readers from two brands over the past decade. The Folio Glow 7 is the best of them by a comfortable margin.

The screen is the reason to buy it. The 7-inch e-ink display is sharp at 300 pixels per inch, text looks almost like print, and the warm-light slider lets you shift from a cool white in the afternoon to an amber glow at night that is much easier on the eyes in bed. Page turns are quick, with very little of the ghosting my previous reader showed.

Physical page-turn buttons. I did not know how much I had missed these until I had them back. I read with one hand while holding a cup of tea in the other, and being able to click forward with my thumb, rather than stretching to tap the screen, is a small joy. The asymmetric design, with a thicker grip on one side, makes one-handed reading comfortable for long periods. The screen rotates automatically, so left-handed readers are covered too.

It is waterproof to IPX8, which I tested unintentionally in the bath during the second week. It survived the plunge without complaint.

Battery life is superb. I read for about an hour a day with the light at a moderate level and charge it roughly every five weeks.

The software is simple and stays out of the way. Library books borrow directly onto the device through the built-in lending app, which was easy to set up with my library card. Importing my own EPUB files from my computer over a USB-C cable worked without any conversion. Highlights and notes export as a plain text file, which I use for my book club.

Two minor quibbles. At $219 it is more expensive than the entry-level models, and the store pushes recommendations on the home screen, although you can turn most of that off.

If you read a lot, especially at night or one-handed, this is the e-reader to get. Five stars.`,
  },
  {
    id: 'review-15-smart-thermostat',
    kind: 'review',
    title: 'Heatwise Halo smart thermostat (2nd generation)',
    intendedFraming: 'negative',
    turn: 'none',
    text: `I want to save other people the four weekends I have spent on this thermostat.

I bought the Heatwise Halo for $199 in October to replace a basic programmable thermostat in our 1990s two-storey house, which has a gas furnace and central air. The box said "compatible with 95 percent of systems" and "installs in 30 minutes." The online compatibility checker asked me to photograph my existing wiring, and it told me my system was compatible.

Installation

Our old thermostat used four wires and had no common wire, the "C wire" that provides continuous power. The Halo says it can work without one by drawing a trickle of power through the heating circuit. In practice, that trickle caused our furnace to cycle on and off in short bursts every few minutes during the first night, which our HVAC technician later told me is a known symptom of power stealing and is hard on the furnace igniter. Heatwise sells a power adapter kit for $29 that you install at the furnace. That took me a Saturday afternoon, a trip to the hardware store and a fair amount of nervousness working inside the furnace cabinet.

Connectivity

Once it had stable power, the Halo kept dropping off our Wi-Fi network. Our router is twenty feet away, one wall between them, and every other device in the house connects fine. Each time the thermostat went offline it continued to run its schedule, but the app showed "Device unavailable" and I could not adjust anything remotely, which is the whole point of buying a smart thermostat. Heatwise support walked me through a factory reset, a router channel change and finally disabling a security setting on my router that I would rather keep enabled. It still drops off about once every three days.

The "learning" schedule

The Halo is supposed to learn your routine and build a schedule automatically. Ours learned some strange things. It decided that we wanted the house at 74 degrees at 4 a.m. on weekdays, presumably because I once turned the heat up at that hour when our toddler was sick. It took me two weeks to figure out why the furnace was roaring to life before dawn. You can switch learning off and program a schedule manually, but the manual editor in the app is fiddly and only lets you set four periods a day.

Accuracy

The built-in temperature sensor reads about three degrees warmer than two separate thermometers in the same hallway, probably because the display warms the case. The result is that the house is consistently cooler than the set point. There is a calibration offset buried in the advanced settings, but it is limited to plus or minus two degrees.

Energy savings

The app shows a cheerful green leaf and claims we have saved "up to 18 percent." Comparing our actual gas bills for November and December to the same months last year, adjusted for the weather using the heating degree days from our utility, we used about 4 percent more gas, not less. I put that down to the short-cycling in the first weeks and the phantom early-morning heating.

Support

Every support contact started with a chatbot that suggested restarting the thermostat, and it took an average of forty minutes to reach a human. The humans were polite but working from a script.

I have now reinstalled our old programmable thermostat, which cost $35 eight years ago and never needed an app or a power adapter. The Halo is back in its box awaiting a refund that, because I was past the 30-day window, is being processed as a "courtesy" for store credit only. One star.`,
  },
];
